import { readFileSync } from 'node:fs';

const TLS_FILE_OPTIONS = ['--tls-ca', '--tls-cert', '--tls-key'];

/**
 * `--tls-ca FILE` and its kin read here, by the operator who runs the command and from their
 * folder, and passed on as `--tls-ca-pem TEXT`: a running panel (another process, another folder)
 * gets the certificates themselves, never a path it would resolve differently.
 */
export function inlineTlsFiles(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [name, inlineValue] = argv[i].split(/=(.*)/s, 2);
    if (!TLS_FILE_OPTIONS.includes(name)) {
      out.push(argv[i]);
      continue;
    }
    const file = inlineValue ?? argv[++i];
    if (!file || file.startsWith('--')) throw new Error(`${name} needs a file (PEM).`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${name}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
    }
    out.push(`${name}-pem=${text}`);
  }
  return out;
}

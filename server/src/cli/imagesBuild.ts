import { readFileSync } from 'node:fs';
import { buildEngineImages, engineImageNames, type EngineAddress } from '../runtime/engineImages';
import { parseArgs } from './parseArgs';

export const imagesBuildUsage = 'images:build [--node NAME | --docker-host unix:///…|tcp://HOST:PORT] [--image NAME]… [--tls-ca F --tls-cert F --tls-key F]';

/**
 * `npm run panel -- images:build`: builds the images the templates run in on an engine, offline
 * (from this machine's files and Debian's archive, then `docker import`). The engine is the one
 * named by `--docker-host`, else DOCKER_HOST's, else the local socket. Progress goes to stderr,
 * the built images to stdout as JSON.
 */
export async function runImagesBuild(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args.options.node === 'string') {
    console.error(`No node named "${args.options.node}" is registered with this panel; name the engine with --docker-host.`);
    return 1;
  }
  const address = engineAddress(args.options);
  const names = argv.flatMap((arg, i) => (arg === '--image' && argv[i + 1] ? [argv[i + 1]] : arg.startsWith('--image=') ? [arg.slice(8)] : []));
  try {
    const built = await buildEngineImages(address, names, (line) => console.error(line));
    console.log(JSON.stringify({ engine: address.dockerHost, images: built }, null, 2));
    return 0;
  } catch (error) {
    console.error(`The images could not be built on ${address.dockerHost}: ${(error as Error).message}`);
    console.error(`Images the templates use: ${engineImageNames().join(', ')}`);
    return 1;
  }
}

function engineAddress(options: Record<string, string | true>): EngineAddress {
  const option = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  const dockerHost = option('docker-host') ?? process.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
  const [ca, cert, key] = ['tls-ca', 'tls-cert', 'tls-key'].map(option);
  if (ca && cert && key) return { dockerHost, tls: { ca: readFileSync(ca, 'utf8'), cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') } };
  return { dockerHost };
}

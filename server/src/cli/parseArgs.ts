/** A command line split into positionals, `--name value` options, flags and repeated `--var`s. */
export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | true>;
  vars: string[];
}

/** `--name value` / `--name=value` take a value; a `--name` followed by another option (or nothing) is a flag. */
export function parseArgs(argv: string[]): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: {}, vars: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    let value: string | true = true;
    if (eq > 0) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (name === 'var' && typeof value === 'string') out.vars.push(value);
    else out.options[name] = value;
  }
  return out;
}

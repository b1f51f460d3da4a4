import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A parsed source file of the web app. */
export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  ast: ts.SourceFile;
  lines: string[];
}

/** Folders whose files are never scanned: generated code is not ours to translate. */
const skipped = ['src/api/generated'];

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const rel = relative(root, full).split('\\').join('/');
    if (skipped.some((prefix) => rel === prefix || rel.startsWith(`${prefix}/`))) continue;
    if (statSync(full).isDirectory()) walk(full, root, out);
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(full);
  }
}

/** Reads and parses every .ts and .tsx file under `dir` (sorted, so output is stable). */
export function readSourceFiles(root: string, dir = 'src'): SourceFile[] {
  const files: string[] = [];
  walk(join(root, dir), root, files);
  return files.sort().map((file) => parseSource(relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8')));
}

/** Parses one file's text; `path` decides TSX or TS and is used in messages. */
export function parseSource(path: string, text: string): SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return { path, ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind), lines: text.split('\n') };
}

/** "path:line" of a node, for messages. */
export function where(file: SourceFile, node: ts.Node): string {
  const { line } = file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast));
  return `${file.path}:${line + 1}`;
}

/**
 * Whether the node is exempted with an `i18n-ignore` comment (`// i18n-ignore` or
 * `{/* i18n-ignore *\/}`) on its own line or the line just above it.
 */
export function isIgnored(file: SourceFile, node: ts.Node): boolean {
  const { line } = file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast));
  return [line, line - 1].some((index) => index >= 0 && file.lines[index]?.includes('i18n-ignore'));
}

/** The text of a string literal or a template without substitutions, else undefined. */
export function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

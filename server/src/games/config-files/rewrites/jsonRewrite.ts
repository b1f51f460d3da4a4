import { conditionalValue, typedValue, type ConfigReplacement } from './ConfigRewrite';
import { parseTreePath, type PathStep } from './treePath';

type Tree = Record<string, unknown> | unknown[];
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/**
 * Sets `steps` under `root` as Wings' JSON parser does (gabs' SetP): missing objects on the way
 * are made; a path through a plain value is left alone. With `ifValue`, only an existing value
 * that is (or matches) it is replaced. Answers whether something changed.
 */
function setAt(root: Tree, steps: PathStep[], replacement: ConfigReplacement): boolean {
  if (steps.length === 0) return false;
  let node: Tree = root;
  for (const step of steps.slice(0, -1)) {
    const next = (node as Record<string, unknown>)[step];
    if (next === undefined || next === null) {
      if (replacement.ifValue !== null || Array.isArray(node)) return false;
      (node as Record<string, unknown>)[step] = {};
    } else if (!isTree(next)) return false;
    node = (node as Record<string, unknown>)[step] as Tree;
  }
  const last = steps[steps.length - 1];
  const record = node as Record<string, unknown>;
  if (Array.isArray(node) && (typeof last !== 'number' || last > node.length)) return false;
  const current = record[last];
  let value: string | null = replacement.value;
  if (replacement.ifValue !== null) {
    if (current === undefined || isTree(current)) return false;
    value = conditionalValue(replacement.ifValue, String(current), replacement.value);
    if (value === null) return false;
  }
  const typed = typedValue(replacement, value);
  if (current === typed) return false;
  record[last] = typed;
  return true;
}

/** The value at `steps`, or undefined. */
function getAt(root: Tree, steps: PathStep[]): unknown {
  let node: unknown = root;
  for (const step of steps) node = isTree(node) ? (node as Record<string, unknown>)[step] : undefined;
  return node;
}

/** Applies one replacement (a wildcard path to each child of what comes before it). */
export function replaceInTree(root: Tree, replacement: ConfigReplacement): boolean {
  const { before, each } = parseTreePath(replacement.match);
  if (each === null) return setAt(root, before, replacement);
  const parent = getAt(root, before);
  if (!isTree(parent)) return false;
  let changed = false;
  for (const child of Object.values(parent)) if (isTree(child) && setAt(child, each, replacement)) changed = true;
  return changed;
}

/** The indentation a JSON text uses (its first indented line's), two spaces when it has none. */
function indentOf(text: string): string {
  return /\n([ \t]+)["{[\]]/.exec(text)?.[1] ?? '  ';
}

/**
 * Wings' `json` parser: each replacement's dotted path set to its value (numbers and booleans
 * typed), written back with the file's own indentation. A file that is not JSON is refused with
 * the reason; an empty or missing one starts as `{}`.
 */
export function rewriteJson(text: string, replacements: readonly ConfigReplacement[]): string {
  let document: unknown = {};
  if (text.trim() !== '') {
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new Error(`It is not valid JSON (${(error as Error).message}).`, { cause: error });
    }
  }
  if (!isTree(document)) throw new Error('It holds no JSON object or list.');
  let changed = false;
  for (const replacement of replacements) if (replaceInTree(document, replacement)) changed = true;
  if (!changed) return text;
  return `${JSON.stringify(document, null, indentOf(text))}${text === '' || text.endsWith('\n') ? '\n' : ''}`;
}

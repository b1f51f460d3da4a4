import type { Document } from 'yaml';
import { conditionalValue, typedValue, type ConfigReplacement } from './ConfigRewrite';
import { parseTreePath, type PathStep } from './treePath';

type YamlModule = typeof import('yaml');
/** What Document and its collections share for reading and writing by path. */
interface PathNode {
  getIn(path: Iterable<unknown>, keepScalar?: boolean): unknown;
  hasIn(path: Iterable<unknown>): boolean;
  setIn(path: Iterable<unknown>, value: unknown): void;
}

function setAt(yaml: YamlModule, node: PathNode, steps: PathStep[], replacement: ConfigReplacement): boolean {
  if (steps.length === 0) return false;
  // A path through a plain value cannot be set (as in Wings); missing maps are made.
  for (let depth = 1; depth < steps.length; depth++) {
    const on = node.getIn(steps.slice(0, depth), true);
    if (on === undefined || on === null) break;
    if (!yaml.isCollection(on)) return false;
  }
  const current = node.getIn(steps, true);
  let value: string | null = replacement.value;
  if (replacement.ifValue !== null) {
    if (!yaml.isScalar(current)) return false;
    value = conditionalValue(replacement.ifValue, String(current.value), replacement.value);
    if (value === null) return false;
  }
  const typed = typedValue(replacement, value);
  if (yaml.isScalar(current) && current.value === typed) return false;
  // A scalar keeps its node (and so its comment and quoting style); only its value changes.
  if (yaml.isScalar(current)) current.value = typed;
  else node.setIn(steps, typed);
  return true;
}

/**
 * Wings' `yaml` parser: each replacement's dotted path (`servers.*.address` for every child) set
 * to its value, numbers and booleans typed. Comments, order and quoting of the rest of the file
 * stay as they were. The YAML parser is loaded with the first YAML file, not at the panel's start.
 */
export async function rewriteYaml(text: string, replacements: readonly ConfigReplacement[]): Promise<string> {
  const yaml = await import('yaml');
  const document: Document = yaml.parseDocument(text);
  if (document.errors.length > 0) throw new Error(`It is not valid YAML (${document.errors[0].message.split('\n')[0]}).`);
  let changed = false;
  for (const replacement of replacements) {
    const { before, each } = parseTreePath(replacement.match);
    if (each === null) {
      if (setAt(yaml, document, before, replacement)) changed = true;
      continue;
    }
    const parent = before.length === 0 ? document.contents : document.getIn(before, true);
    const children = yaml.isSeq(parent) ? parent.items : yaml.isMap(parent) ? parent.items.map((pair) => pair.value) : [];
    for (const child of children) if (yaml.isCollection(child) && setAt(yaml, child, each, replacement)) changed = true;
  }
  return changed ? document.toString({ lineWidth: 0 }) : text;
}

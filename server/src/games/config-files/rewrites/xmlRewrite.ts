import type { ConfigReplacement } from './ConfigRewrite';
import { escapeMarkupAttribute, escapeMarkupText } from '../../../lib/markupEscape';

/** An element of the file as found in its text: where its start tag, content and end are. */
interface XmlElement {
  name: string;
  /** Offset of `<` of the start tag, and just past its `>`. */
  start: number;
  openEnd: number;
  /** Offset of the end tag's `<` (openEnd for `<a/>`), and just past the element. */
  closeStart: number;
  end: number;
  selfClosing: boolean;
  children: XmlElement[];
}

// Comments, CDATA, processing instructions and the doctype are skipped; tags are read with their attributes.
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

/** The top-level elements of the text, each with its children. A tag that does not close is refused. */
function parseElements(text: string): XmlElement[] {
  const top: XmlElement[] = [];
  const stack: XmlElement[] = [];
  for (const token of text.matchAll(TOKEN)) {
    const [whole, closing, name, , selfClosing] = token;
    if (name === undefined) continue;
    const at = token.index;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`It is not well-formed XML (</${name}> at offset ${at}).`);
      open.closeStart = at;
      open.end = at + whole.length;
      continue;
    }
    const element: XmlElement = { name, start: at, openEnd: at + whole.length, closeStart: at + whole.length, end: at + whole.length, selfClosing: selfClosing === '/', children: [] };
    (stack.length > 0 ? stack[stack.length - 1].children : top).push(element);
    if (!element.selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`It is not well-formed XML (<${stack[stack.length - 1].name}> is never closed).`);
  return top;
}

/** Elements along `names` from the top (`*` matches any name). */
function find(elements: XmlElement[], names: string[]): XmlElement[] {
  const [first, ...rest] = names;
  const here = elements.filter((element) => first === '*' || element.name === first);
  return rest.length === 0 ? here : here.flatMap((element) => find(element.children, rest));
}

/** A text edit: replace [from, to) with `text`. */
interface Edit {
  from: number;
  to: number;
  text: string;
}

/** The start tag of `element` with attribute `key` set to `value`. */
function withAttribute(text: string, element: XmlElement, key: string, value: string): Edit {
  const tag = text.slice(element.start, element.openEnd);
  const attribute = new RegExp(`(\\s${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*)("[^"]*"|'[^']*')`);
  const next = attribute.test(tag) ? tag.replace(attribute, `$1"${escapeMarkupAttribute(value)}"`) : tag.replace(/\s*(\/?)>$/, ` ${key}="${escapeMarkupAttribute(value)}"$1>`);
  return { from: element.start, to: element.openEnd, text: next };
}

/** The element's leading text set to `value` (its child elements stay). */
function withText(text: string, element: XmlElement, value: string): Edit {
  if (element.selfClosing) return { from: element.start, to: element.end, text: `${text.slice(element.start, element.openEnd).replace(/\s*\/>$/, '>')}${escapeMarkupText(value)}</${element.name}>` };
  return { from: element.openEnd, to: element.children[0]?.start ?? element.closeStart, text: escapeMarkupText(value) };
}

/** The missing elements of `names` made inside their deepest existing ancestor (the root too, in an empty file). */
function created(text: string, top: XmlElement[], names: string[]): Edit {
  let parent: XmlElement | null = null;
  let depth = 0;
  for (; depth < names.length; depth++) {
    const next: XmlElement | undefined = (parent ? parent.children : top).find((element) => element.name === names[depth]);
    if (!next) break;
    parent = next;
  }
  const missing = names.slice(depth);
  const inner = missing.reduceRight((content, name) => `<${name}>${content}</${name}>`, '');
  if (!parent) return { from: text.length, to: text.length, text: `${text === '' || text.endsWith('\n') ? '' : '\n'}${inner}\n` };
  if (parent.selfClosing) return { from: parent.start, to: parent.end, text: `${text.slice(parent.start, parent.openEnd).replace(/\s*\/>$/, '>')}${inner}</${parent.name}>` };
  return { from: parent.closeStart, to: parent.closeStart, text: inner };
}

/**
 * Wings' `xml` parser: `match` is an element path from the root (`Settings.Server.Port`, `*` for
 * any name); each element found gets the value as its text, or an attribute when the value is
 * written `[name='value']`. A missing path (without wildcards) is made. Everything else in the
 * file (comments, declarations, spacing) stays byte for byte.
 */
export function rewriteXml(text: string, replacements: readonly ConfigReplacement[]): string {
  let next = text;
  for (const replacement of replacements) {
    const names = replacement.match.split('.').filter((name) => name !== '');
    if (names.length === 0 || names.some((name) => name !== '*' && !/^[A-Za-z_][\w:-]*$/.test(name))) continue;
    let top = parseElements(next);
    if (find(top, names).length === 0 && !names.includes('*')) {
      // Made empty first, then set like an existing one (as Wings does).
      const edit = created(next, top, names);
      next = next.slice(0, edit.from) + edit.text + next.slice(edit.to);
      top = parseElements(next);
    }
    const attribute = /^\[(\w+)='(.*)'\]$/.exec(replacement.value);
    const edits = find(top, names).map((element) => (attribute ? withAttribute(next, element, attribute[1], attribute[2]) : withText(next, element, replacement.value)));
    // From the end backwards, so earlier offsets stay right.
    for (const edit of edits.sort((a, b) => b.from - a.from)) next = next.slice(0, edit.from) + edit.text + next.slice(edit.to);
  }
  return next;
}

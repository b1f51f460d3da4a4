import ts from 'typescript';
import { isIgnored, literalText, where, type SourceFile } from './sourceFiles';

/** One translation key found in the source with its English default. */
export interface ExtractedKey {
  key: string;
  value: string;
  at: string;
}

/** Keys look like `area.element` (letters, digits, _ and -; dot-separated). */
const keyPattern = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** Plain functions that translate: i18next's `t` and the app's `translate(key, default)` for code outside React. */
const translators = new Set(['t', 'translate']);

/** `t(...)`, `translate(...)`, `i18n.t(...)`, `i18next.t(...)`, `props.t(...)`. */
function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return translators.has(callee.text);
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

/** Defaults from a t() options object: defaultValue, and defaultValue_one/_other/... for plurals. */
function defaultsFromOptions(options: ts.ObjectLiteralExpression): Array<[suffix: string, value: string]> {
  const found: Array<[string, string]> = [];
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
    const match = /^defaultValue(_(zero|one|two|few|many|other))?$/.exec(name);
    const value = literalText(property.initializer);
    if (match && value !== undefined) found.push([match[1] ?? '', value]);
  }
  return found;
}

function jsxAttribute(attributes: ts.JsxAttributes, name: string): ts.JsxAttribute | undefined {
  return attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && ts.isIdentifier(p.name) && p.name.text === name);
}

function attributeText(attribute: ts.JsxAttribute | undefined): string | undefined {
  const init = attribute?.initializer;
  if (!init) return undefined;
  if (ts.isStringLiteral(init)) return init.text;
  if (ts.isJsxExpression(init)) return literalText(init.expression);
  return undefined;
}

/**
 * Finds every translation key in the web app's source: `t('key', 'Default')`,
 * `t('key', { defaultValue })` and `<Trans i18nKey="key" defaults="…">` (or plain-text children).
 * Returns the keys and the problems (dynamic keys, missing defaults, conflicting defaults).
 */
export function extractKeys(files: SourceFile[]): { keys: Map<string, ExtractedKey>; problems: string[] } {
  const keys = new Map<string, ExtractedKey>();
  const problems: string[] = [];

  const add = (file: SourceFile, node: ts.Node, key: string | undefined, value: string | undefined) => {
    const at = where(file, node);
    if (key === undefined) return void problems.push(`${at}: translation key is not a string literal (add "// i18n-ignore" if the keys are listed elsewhere)`);
    if (!keyPattern.test(key)) return void problems.push(`${at}: "${key}" is not a key like "area.element"`);
    if (value === undefined) return void problems.push(`${at}: t('${key}') has no English default text`);
    const known = keys.get(key);
    if (known && known.value !== value) return void problems.push(`${at}: "${key}" has the default "${value}" here but "${known.value}" at ${known.at}`);
    if (!known) keys.set(key, { key, value, at });
  };

  const visitTrans = (file: SourceFile, node: ts.JsxElement | ts.JsxSelfClosingElement) => {
    const opening = ts.isJsxElement(node) ? node.openingElement : node;
    const keyAttribute = jsxAttribute(opening.attributes, 'i18nKey');
    if (!keyAttribute) return;
    let value = attributeText(jsxAttribute(opening.attributes, 'defaults'));
    const texts = ts.isJsxElement(node) ? node.children.filter(ts.isJsxText) : [];
    if (value === undefined && ts.isJsxElement(node) && texts.length === node.children.length) {
      value =
        texts
          .map((child) => child.text)
          .join('')
          .replace(/\s+/g, ' ')
          .trim() || undefined;
    }
    add(file, node, attributeText(keyAttribute), value);
  };

  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isTranslateCall(node) && node.arguments.length > 0 && !isIgnored(file, node)) {
        const [keyNode, second] = node.arguments;
        const key = literalText(keyNode);
        const plain = literalText(second);
        if (second && ts.isObjectLiteralExpression(second)) {
          const defaults = defaultsFromOptions(second);
          if (defaults.length === 0) add(file, node, key, undefined);
          for (const [suffix, value] of defaults) add(file, node, key === undefined ? undefined : `${key}${suffix}`, value);
        } else {
          add(file, node, key, plain);
        }
      }
      if ((ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) && !isIgnored(file, node)) visitTrans(file, node);
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return { keys, problems };
}

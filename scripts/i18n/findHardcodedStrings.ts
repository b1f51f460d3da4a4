import ts from 'typescript';
import { isIgnored, where, type SourceFile } from './sourceFiles';

/** Props (and object properties in .tsx files) whose values people read on screen. */
export const visibleProps = new Set(['title', 'placeholder', 'label', 'aria-label', 'okText', 'cancelText', 'message', 'description', 'tooltip']);

/** Text with at least one letter, in any script: punctuation and numbers alone are fine. */
const hasLetters = (text: string) => /\p{L}/u.test(text);

/** String literals an expression evaluates to directly (branches, fallbacks, concatenation, templates). */
function literalsOf(expression: ts.Expression | undefined): ts.Node[] {
  if (!expression) return [];
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) return literalsOf(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...literalsOf(expression.whenTrue), ...literalsOf(expression.whenFalse)];
  if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.PlusToken].includes(expression.operatorToken.kind)) {
    return [...literalsOf(expression.left), ...literalsOf(expression.right)];
  }
  if (ts.isTemplateExpression(expression)) {
    return [expression.head, ...expression.templateSpans.map((span) => span.literal)];
  }
  return [];
}

function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return '';
}

function isInsideTrans(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && parent.openingElement.tagName.getText() === 'Trans') return true;
  }
  return false;
}

function propertyName(name: ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/**
 * Finds visible text in .tsx files that does not go through i18next: JSX text, and string
 * literals given to visible props (title, placeholder, label, ...) as JSX attributes or
 * object properties. `// i18n-ignore` on the line or the line above exempts a spot.
 */
export function findHardcodedStrings(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files.filter((f) => f.path.endsWith('.tsx'))) {
    const report = (node: ts.Node, text: string, context: string) => {
      if (!hasLetters(text) || isIgnored(file, node)) return;
      problems.push(`${where(file, node)}: ${context} "${text.trim().replace(/\s+/g, ' ').slice(0, 60)}" is not translated (use t('area.element', 'Default'))`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && !isInsideTrans(node)) report(node, node.text, 'text');
      if (ts.isJsxAttribute(node)) {
        const name = node.name.getText(file.ast);
        const init = node.initializer;
        if (visibleProps.has(name) && init) {
          const literals = ts.isStringLiteral(init) ? [init] : ts.isJsxExpression(init) ? literalsOf(init.expression) : [];
          for (const literal of literals) report(literal, textOf(literal), `${name}=`);
        }
      }
      if (ts.isPropertyAssignment(node)) {
        const name = propertyName(node.name);
        if (name && visibleProps.has(name)) {
          for (const literal of literalsOf(node.initializer)) report(literal, textOf(literal), `${name}:`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return problems;
}

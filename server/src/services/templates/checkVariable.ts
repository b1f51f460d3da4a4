import { checkRules, type RuleTranslate } from '../../games/eggs/checkRules';
import { parseRules, type Rule } from '../../games/eggs/laravelRules';
import type { TemplateVariable } from '../../games/templates';

/** English, with the values filled in: for callers that answer the host (the admin API, the CLI). */
export const englishRules: RuleTranslate = (_key, text, values = {}) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/** A value longer than this is refused whatever the rules say (it goes into a command line). */
export const MAX_VARIABLE_LENGTH = 4096;

/** The rules of a variable: its egg's Laravel rules, and the template's pattern for the whole value. */
export function rulesOf(variable: TemplateVariable): Rule[] {
  const pattern: Rule = { name: 'regex', args: [`/${variable.pattern}/`], pattern: new RegExp(variable.pattern) };
  return [...parseRules(variable.rules ?? []), pattern];
}

/** The messages for a value of a variable (none: it may be used). */
export function checkVariable(variable: TemplateVariable, value: string, t: RuleTranslate): string[] {
  const tooLong = value.length > MAX_VARIABLE_LENGTH || value.includes('\u0000');
  const rules = rulesOf(variable);
  // An empty value passes every rule but `required`: the pattern still decides whether empty is fine.
  const messages = checkRules(value, rules, t);
  if (value.trim() === '' && !variable.rules?.length && !rules[rules.length - 1].pattern!.test(value)) messages.push(t('startup.rules.required', 'This field is required'));
  if (tooLong) messages.push(t('startup.rules.maxLength', 'Must be at most {{max}} characters', { max: String(MAX_VARIABLE_LENGTH) }));
  return [...new Set(messages)];
}

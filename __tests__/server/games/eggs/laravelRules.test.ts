import { checkRules } from '../../../../server/src/games/eggs/checkRules';
import { parseRules } from '../../../../server/src/games/eggs/laravelRules';

// English defaults with their values filled in, as the panel answers without a dictionary.
const t = (_key: string, text: string, values: Record<string, string> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
const check = (rules: string | string[], value: string) => checkRules(value, parseRules(rules), t);

// rules, a value that passes, a value that fails, the failure's message.
const table: [string | string[], string, string, string][] = [
  ['required', 'x', '', 'This field is required'],
  ['nullable|integer', '', 'x', 'Must be a whole number'],
  ['string|max:3', 'abc', 'abcd', 'Must be at most 3 characters'],
  ['integer', '-12', '1.5', 'Must be a whole number'],
  ['numeric', '1.5e3', '1,5', 'Must be a number'],
  ['boolean', '1', 'true', 'Must be 1 (yes) or 0 (no)'],
  ['in:stable,beta', 'beta', 'alpha', 'Must be one of: stable, beta'],
  ['not_in:root,admin', 'steve', 'root', 'This value is not allowed'],
  ['regex:/^[a-z]+$/', 'abc', 'Abc', 'Invalid format'],
  [['regex:#^(a|b)$#i'], 'B', 'c', 'Invalid format'],
  ['regex:/^\\A[0-9]+\\z/', '42', '4 2', 'Invalid format'],
  ['not_regex:/\\s/', 'ab', 'a b', 'Invalid format'],
  ['string|min:2', 'ab', 'a', 'Must be at least 2 characters'],
  ['integer|min:10', '10', '9', 'Must be at least 10'],
  ['numeric|max:1.5', '1.5', '1.6', 'Must be at most 1.5'],
  ['integer|between:1,100', '100', '101', 'Must be between 1 and 100'],
  ['string|between:2,3', 'abc', 'abcd', 'Must be between 2 and 3 characters'],
  ['size:4', 'abcd', 'abc', 'Must be exactly 4 characters'],
  ['alpha', 'Ünter', 'ab1', 'Only letters are allowed'],
  ['alpha_dash', 'a-b_1', 'a b', 'Only letters, numbers, dashes and underscores are allowed'],
  ['alpha_num', 'ab1', 'a-b', 'Only letters and numbers are allowed'],
  ['digits:4', '0042', '42', 'Must be 4 digits'],
  ['digits_between:1,5', '12345', '123456', 'Must be between 1 and 5 digits'],
  ['url', 'https://example.test/a.zip', 'example.test', 'Must be a valid address (URL)'],
  ['email', 'a@example.test', 'a@', 'Please enter a valid email'],
  ['ip', '::1', '300.1.1.1', 'Must be a valid IP address'],
  ['uuid', '5f0d6c1e-5b8e-4c1a-9a57-0d1f2a3b4c5d', '5f0d', 'Must be a valid UUID'],
  ['json', '{"a":1}', '{a}', 'Must be valid JSON'],
  ['starts_with:v,r', 'v1', 'x1', 'Must start with one of: v, r'],
  ['ends_with:.jar', 'server.jar', 'server.zip', 'Must end with one of: .jar'],
  ['lowercase', 'abc', 'aBc', 'Must be lowercase'],
  ['array', '', 'a', 'Must be a list'],
];

describe('Laravel rules of egg variables', () => {
  it.each(table)('%p passes %p and refuses %p', (rules, good, bad, message) => {
    expect(check(rules, good)).toEqual([]);
    expect(check(rules, bad)).toEqual([message]);
  });

  it('stops at the first failure with bail, and lists every failure without it', () => {
    expect(check('bail|integer|min:5', 'x')).toEqual(['Must be a whole number']);
    expect(check('alpha_num|max:2', 'a-bc')).toEqual(['Only letters and numbers are allowed', 'Must be at most 2 characters']);
  });

  it.each([
    ['shiny', 'Unknown rule "shiny"'],
    ['max:ten', 'The rule "max" needs numbers'],
    ['between:1', 'The rule "between" has the wrong number of arguments'],
    ['regex:^a$', 'The pattern needs delimiters, such as /^[a-z]+$/'],
    ['regex:/a/x', 'The pattern flag "x" is not supported'],
    ['regex:/(a/', 'The pattern /(a/ is not a valid regular expression'],
  ])('refuses the unreadable rule %p', (rules, message) => {
    expect(() => parseRules(rules)).toThrow(message);
  });
});

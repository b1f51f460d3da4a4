/** A rule the panel cannot read: the egg is refused with this message under the variable's `rules`. */
export class RuleSyntaxError extends Error {}

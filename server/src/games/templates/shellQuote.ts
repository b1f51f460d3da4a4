/** Quotes a value for POSIX sh: single quotes, with embedded ones closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Replaces `{{KEY}}` placeholders; unknown keys become empty (and are reported to the caller). */
export function renderPlaceholders(text: string, values: Record<string, string>, quote: (value: string) => string = (v) => v): string {
  return text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (_, key: string) => quote(values[key] ?? ''));
}

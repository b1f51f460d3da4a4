/** `value` as the text of an HTML or XML element: the three characters that could start markup written as entities. */
export const escapeMarkupText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `value` inside a double-quoted HTML or XML attribute. */
export const escapeMarkupAttribute = (value: string): string => escapeMarkupText(value).replace(/"/g, '&quot;');

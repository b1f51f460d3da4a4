import type { ConfigFieldSpec } from '../ConfigFieldSpec';

/**
 * Reads and writes one kind of config file. `update` sets values in place: comments, order,
 * unknown keys and every untouched byte (line breaks included) stay as they are; a line is
 * rewritten only when its value changes, and missing keys are added where the game reads them.
 */
export interface ConfigFormat {
  /** Key → value as the game reads it (the last of repeated keys wins). */
  parse(text: string): Record<string, string>;
  /** `text` with `values` set; `specs` say how new values are written (quoted text, True/False …). */
  update(text: string, values: Record<string, string>, specs: ReadonlyMap<string, ConfigFieldSpec>): string;
  /** Why this file cannot hold a key of that name, or null. */
  keyProblem(key: string): string | null;
  /** Why this file cannot hold that value (whatever its type), or null. */
  valueProblem(value: string, spec: ConfigFieldSpec | undefined): string | null;
}

/** Splits text into lines, each followed by its own line break (`pieces[i + 1]`); a last '' means the text ends with one. */
export function splitLines(text: string): string[] {
  return text === '' ? [''] : text.split(/(\r?\n)/);
}

/** The line break a text mostly uses: `\r\n` (files written on Windows) or `\n` (also for text without any). */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** Appends lines at the end of `text`, with its own line break, keeping whether it ended with one. */
export function appendLines(text: string, lines: string[]): string {
  if (lines.length === 0) return text;
  const eol = lineEndingOf(text);
  if (text === '') return `${lines.join(eol)}${eol}`;
  const endsWithBreak = /\n$/.test(text);
  return `${endsWithBreak ? text : `${text}${eol}`}${lines.join(eol)}${endsWithBreak ? eol : ''}`;
}

/** True/False as Unreal writes booleans, for a value typed true/false in any case. */
export function unrealBoolean(value: string): string {
  return /^true$/i.test(value.trim()) ? 'True' : /^false$/i.test(value.trim()) ? 'False' : value;
}

export const SINGLE_LINE = 'Must be a single line.';

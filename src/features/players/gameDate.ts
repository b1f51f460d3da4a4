/**
 * A date as the game writes it in its ban lists (`2024-05-01 13:45:00 +0000`, any offset) as an
 * ISO 8601 instant the panel's date formatter reads; other text (an unknown format) is returned
 * unchanged, so it is still shown as it is rather than as "Invalid Date".
 */
export function gameDateToIso(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text.trim());
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4]}` : text;
}

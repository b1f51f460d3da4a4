/** Lower case, without quotes, punctuation or extra spaces: how two sentences are compared. */
function normalise(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/["'“”‘’«»„()[\].,:;!?¿¡。、！？]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function words(text: string): string[] {
  return normalise(text).split(' ').filter(Boolean);
}

/**
 * Whether `detail` only says again what `text` says: the same sentence, one containing the other,
 * nearly the same words (80 % shared), or the same ending ("… already exists.", "… is not allowed.")
 * where the detail merely names the thing.
 */
export function repeatsMessage(text: string, detail: string): boolean {
  const a = normalise(text);
  const b = normalise(detail);
  if (!a || !b || a.includes(b) || b.includes(a)) return true;
  const wordsA = words(text);
  const wordsB = words(detail);
  const setB = new Set(wordsB);
  const shared = new Set(wordsA.filter((word) => setB.has(word))).size;
  const union = new Set([...wordsA, ...wordsB]).size;
  if (union > 0 && shared / union >= 0.8) return true;
  const tail = (list: string[]) => list.slice(-2).join(' ');
  return wordsA.length >= 2 && wordsB.length >= 2 && tail(wordsA) === tail(wordsB);
}

/**
 * A message with the server's detail added, unless the detail repeats it: then the more specific
 * one alone: the detail (it names the thing, e.g. `"world" already exists.`), unless the sentence
 * already holds all of it.
 * `join` formats the two (translated, e.g. "{{text}} ({{detail}})").
 */
export function joinMessages(text: string, detail: string | undefined, join: (text: string, detail: string) => string): string {
  if (!detail) return text;
  if (!repeatsMessage(text, detail)) return join(text, detail);
  // The sentence when it already holds the whole detail; otherwise the detail, which names the thing.
  return normalise(text).includes(normalise(detail)) ? text : detail;
}

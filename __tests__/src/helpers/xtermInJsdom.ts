/**
 * xterm.js runs in jsdom with its DOM renderer, but probes a canvas for colour maths when it
 * loads; jsdom has no canvas and logs "not implemented" before answering null. Answering null
 * directly is what jsdom does anyway, without the noise. Import this module before anything
 * that loads xterm.js.
 */
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { configurable: true, writable: true, value: () => null });

/** The text xterm shows on screen (its visible rows), for assertions. */
export function terminalText(container: ParentNode = document): string {
  return Array.from(container.querySelectorAll('.xterm-rows > div'))
    .map((row) => row.textContent?.replace(/\s+$/, '') ?? '')
    .join('\n');
}

/** Takes index.html's first frame away (see firstFrameDocument): the panel now draws the page itself. */
export function removeFirstFrame(): void {
  document.getElementById('first-frame')?.remove();
  document.documentElement.removeAttribute('data-first-frame');
  document.documentElement.removeAttribute('data-first-frame-art');
}

/*
 * The entry: as small as it can be, so the browser can paint index.html's first frame (see
 * app/firstFrame) before the panel's code takes the thread. Evaluating React, the store, the
 * router and i18next takes the better part of a second on a slow phone; started at once, it would
 * run before that paint, since the scripts are already there when the page has been read. The
 * panel's code (the `main` chunk) is fetched from the start (index.html preloads it); only its
 * evaluation waits for the frame to be painted. This file is the `boot` entry.
 */
import { startEarlyRequests, startEarlyTranslationRequests } from './api/earlyRequests';
import { removeFirstFrame } from './app/firstFrame/removeFirstFrame';

/**
 * Resolves after the next painted frame. A page opened in a background tab paints nothing (no
 * animation frames) and waits for nothing; the timer is a last resort should a frame never come.
 */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = window.setTimeout(resolve, 500);
    window.requestAnimationFrame(() =>
      window.setTimeout(() => {
        window.clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Resolves once the first frame of the dashboard's and server pages has been painted (their side
 * bar and art are those pages' largest paint), or at once when index.html drew none or drew the
 * log-in pages' frame. There the form is both what the visitor waits for and the largest paint,
 * and it comes with the panel's code: waiting for the frame's paint first put it off by some
 * 150 ms on a slow phone. Their frame still shows whenever the browser paints before the form.
 */
async function afterFirstFramePainted(): Promise<void> {
  const frame = document.documentElement.getAttribute('data-first-frame');
  if (!frame || frame === 'guest') return;
  await afterNextPaint();
}

// The opened page's data and the translations are asked for at once (index.html's head already
// asked for the code of its layout and page); the panel's requests for them take these answers.
startEarlyRequests(window.location);
startEarlyTranslationRequests();

void afterFirstFramePainted()
  .then(() => import(/* webpackChunkName: "main" */ './app/startPanel'))
  .then(({ startPanel }) => startPanel())
  .catch((error: unknown) => {
    // The panel's code could not be fetched (offline, or a deploy removed it): no frame stays
    // pretending to load; a reload fetches the page and its code again.
    console.error('The panel could not start', error);
    removeFirstFrame();
  });

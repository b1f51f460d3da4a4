/*
 * The entry: as small as it can be, so the browser can paint index.html's first frame (see
 * app/firstFrame) before the panel's code takes the thread. Evaluating React, the store, the
 * router and i18next takes the better part of a second on a slow phone; in the page's own
 * scripts, it would run before that paint, since the scripts are already there when the page has
 * been read. The panel's code (the `main` chunk) is fetched from the start (index.html preloads
 * it) and evaluated in a task of its own, started from here: the browser paints the frame before
 * it. Waiting for that paint on purpose (a frame, then a task) only put the panel's start off, by
 * 50–100 ms on a slow phone, and the frame was painted as early without it. This file is the
 * `boot` entry.
 */
import { startEarlyRequests, startEarlyTranslationRequests } from './api/earlyRequests';
import { removeFirstFrame } from './app/firstFrame/removeFirstFrame';

// The opened page's data and the translations are asked for at once (index.html's head already
// asked for the code of its layout and page); the panel's requests for them take these answers.
startEarlyRequests(window.location);
startEarlyTranslationRequests();

import(/* webpackChunkName: "main" */ './app/startPanel')
  .then(({ startPanel }) => startPanel())
  .catch((error: unknown) => {
    // The panel's code could not be fetched (offline, or a deploy removed it): no frame stays
    // pretending to load; a reload fetches the page and its code again.
    console.error('The panel could not start', error);
    removeFirstFrame();
  });

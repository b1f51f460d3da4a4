/*
 * The script index.html runs before its first paint to choose the first frame (firstFrameDocument):
 * it marks <html> with data-first-frame="guest", "dashboard" or "server", or leaves it unmarked
 * (no frame); once the page has been read and painted, it adds data-first-frame-art (the log-in
 * pages' art). It reads what the panel itself will read as it starts:
 *   - the access token (localStorage access_token): a visitor without one is sent to /login, so
 *     every login-required page starts as the guest frame; with one, the log-in pages redirect to
 *     the dashboard (or to /login when the token has expired), so they get no frame;
 *   - the language (localStorage locale): the frame's text is English, so other languages get none;
 *   - the theme (the persisted preferences): the frame is drawn in the default theme only.
 * Paths follow the route table (a test keeps them together); react-router matches them without
 * regard to case and with or without a trailing slash.
 *
 * Plain ES5 in a string, because it runs inline before any bundle; the panel's Content-Security-Policy
 * allows it by its hash (server/src/plugins/inlineScriptHashes.ts).
 */
export const firstFrameChooser = `(function () {
  try {
    var storage = window.localStorage;
    var locale = storage.getItem('locale');
    if (locale && locale !== 'en') return;
    var preferences = JSON.parse(storage.getItem('persist:preferences') || '{}');
    var theme = preferences.theme ? JSON.parse(preferences.theme) : null;
    if (theme && theme.name && theme.name !== 'minecraftDefault') return;
    var path = window.location.pathname.replace(/\\/+$/, '') || '/';
    var loggedIn = !!storage.getItem('access_token');
    var kind = '';
    if (/^\\/(login|sign-up|forgot-password|reset-password)$/i.test(path)) kind = loggedIn ? '' : 'guest';
    else if (/^\\/server\\/[^/]+(\\/.*)?$/i.test(path)) kind = loggedIn ? 'server' : 'guest';
    else if (/^\\/(account\\/edit|plans|order)?$/i.test(path)) kind = loggedIn ? 'dashboard' : 'guest';
    // The admin area has a look of its own (no frame foreseen); logged out it sends to the log-in page.
    else if (/^\\/admin(\\/.*)?$/i.test(path)) kind = loggedIn ? '' : 'guest';
    if (!kind) return;
    var root = document.documentElement;
    root.setAttribute('data-first-frame', kind);
    // The log-in pages' art one frame after the page has been read: their brand and card are
    // painted without waiting for it (a frame painted earlier, while the page is read, has no
    // first frame in it yet).
    var addArt = function () {
      window.requestAnimationFrame(function () {
        window.setTimeout(function () {
          if (root.hasAttribute('data-first-frame')) root.setAttribute('data-first-frame-art', '');
        }, 0);
      });
    };
    if (document.readyState === 'loading') document.addEventListener('readystatechange', addArt, { once: true });
    else addArt();
  } catch (error) {
    // No storage (or unreadable preferences): no frame, the panel draws itself as it starts.
  }
})();`;

import { FitAddon } from '@xterm/addon-fit';
// Types only: the search addon's code is loaded on the first search (see loadSearch).
import type { ISearchOptions, SearchAddon } from '@xterm/addon-search';
import { Terminal, type IMarker } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { splitAtLineEnds } from './splitAtLineEnds';
import type { SearchResults, TerminalAdapter } from './TerminalAdapter';

/** Lines the console keeps; older output scrolls away (and memory stays flat under a flood). */
export const CONSOLE_SCROLLBACK = 5000;

/**
 * The most characters handed to xterm in one write call (about a hundred log lines). xterm parses
 * its queued writes in tasks of about 12 ms but checks the clock only between two writes: one
 * large write is parsed in one go, however long that takes. The console hands over pieces of a
 * hundred lines already; this also bounds a piece of unusually long lines.
 */
export const WRITE_PIECE_CHARS = 8 * 1024;

const searchOptions: ISearchOptions = {
  caseSensitive: false,
  decorations: {
    matchBackground: '#6b5a1e',
    matchOverviewRuler: '#d9a520',
    activeMatchBackground: '#d9a520',
    activeMatchColorOverviewRuler: '#ffd24d',
  },
};

/** The console's terminal: xterm.js with fitting and search, output only (commands have their own input). */
export function createXtermAdapter(element: HTMLElement): TerminalAdapter {
  const terminal = new Terminal({
    scrollback: CONSOLE_SCROLLBACK,
    convertEol: true,
    disableStdin: true,
    cursorBlink: false,
    cursorInactiveStyle: 'none',
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: 13,
    lineHeight: 1.2,
    // The search highlights are decorations, part of xterm's proposed API.
    allowProposedApi: true,
    theme: { background: '#0b0f14', foreground: '#d7dde4', selectionBackground: '#3a4b5c' },
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.open(element);

  let disposed = false;
  const searchListeners = new Set<(results: SearchResults) => void>();
  let search: Promise<SearchAddon | null> | null = null;
  // Most visits to the console never search: the addon's code is fetched with the first search.
  const loadSearch = () =>
    (search ??= import('@xterm/addon-search').then(({ SearchAddon }) => {
      if (disposed) return null;
      const addon = new SearchAddon();
      terminal.loadAddon(addon);
      addon.onDidChangeResults(({ resultIndex, resultCount }) => searchListeners.forEach((listener) => listener({ index: resultIndex, count: resultCount })));
      return addon;
    }));

  let locked = false;
  const viewportListeners = new Set<() => void>();
  const notifyViewport = () => viewportListeners.forEach((listener) => listener());
  // xterm reports a scroll for every line of output while the view follows it: thousands a
  // second under a flood. The listeners (React state) hear of it once per frame.
  let viewportFrame: number | null = null;
  const scrolled = terminal.onScroll(() => {
    viewportFrame ??= requestAnimationFrame(() => {
      viewportFrame = null;
      notifyViewport();
    });
  });
  // xterm reports its own scrolling; wheel and keyboard scrolling by the user is seen here.
  const onUserScroll = () => requestAnimationFrame(notifyViewport);
  element.addEventListener('wheel', onUserScroll, { passive: true });
  element.addEventListener('keyup', onUserScroll);
  const isAtBottom = () => terminal.buffer.active.viewportY >= terminal.buffer.active.baseY;

  /**
   * Scroll lock: notes the lines in view before a write; the returned function shows them again
   * once it is done. A marker on the top line follows that line when a full scrollback drops its
   * oldest lines (the index alone would then show newer ones), so the view holds its content.
   */
  const holdView = () => {
    const buffer = terminal.buffer.active;
    // Markers are placed relative to the cursor line (there are none in the alternate screen).
    const top: IMarker | undefined = terminal.registerMarker(buffer.viewportY - buffer.baseY - buffer.cursorY);
    const heldLine = buffer.viewportY;
    return () => {
      // Lines scrolled out of the history altogether: the oldest left is the nearest.
      const line = !top ? heldLine : top.isDisposed ? 0 : top.line;
      top?.dispose();
      if (terminal.buffer.active.viewportY !== line) terminal.scrollToLine(line);
    };
  };

  return {
    write(text, done) {
      const pieces = splitAtLineEnds(text, WRITE_PIECE_CHARS);
      pieces.forEach((piece, index) => {
        const last = index === pieces.length - 1;
        if (!locked) return terminal.write(piece, last ? done : undefined);
        const restoreView = holdView();
        terminal.write(piece, () => {
          restoreView();
          if (last) done?.();
        });
      });
    },
    clear() {
      terminal.clear();
      terminal.reset();
    },
    scrollToBottom() {
      terminal.scrollToBottom();
      notifyViewport();
    },
    isAtBottom,
    setScrollLock(value) {
      locked = value;
    },
    onViewportChange(listener) {
      viewportListeners.add(listener);
      return () => viewportListeners.delete(listener);
    },
    async find(term, direction) {
      if (!term) return false;
      const addon = await loadSearch();
      if (!addon || disposed) return false;
      return direction === 'next' ? addon.findNext(term, searchOptions) : addon.findPrevious(term, searchOptions);
    },
    onSearchResults(listener: (results: SearchResults) => void) {
      searchListeners.add(listener);
      return () => searchListeners.delete(listener);
    },
    clearSearch() {
      void search?.then((addon) => addon?.clearDecorations());
      terminal.clearSelection();
    },
    fit() {
      // A hidden or zero-sized element has no size to fit to; xterm would compute nonsense.
      if (element.clientWidth > 0 && element.clientHeight > 0) fitAddon.fit();
    },
    dispose() {
      element.removeEventListener('wheel', onUserScroll);
      element.removeEventListener('keyup', onUserScroll);
      if (viewportFrame !== null) cancelAnimationFrame(viewportFrame);
      scrolled.dispose();
      viewportListeners.clear();
      searchListeners.clear();
      disposed = true;
      terminal.dispose();
    },
  };
}

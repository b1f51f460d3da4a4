import { createPath, type Navigator, type To } from 'react-router-dom';

/** Asks whether to leave the page; calls `leave` only when the user agrees. */
export type AskToLeave = (leave: () => void) => void;

interface Hold {
  ask: AskToLeave;
}

interface Held {
  holds: Hold[];
  /** Handles Back and Forward for this navigator; null when it does not follow the address bar. */
  onPopState: ((event: PopStateEvent) => void) | null;
  restore: () => void;
}

const held = new Map<Navigator, Held>();

// The router numbers its entries (state.idx): it tells Back from Forward.
const indexOf = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

const entryHere = () => ({ url: `${window.location.pathname}${window.location.search}${window.location.hash}`, state: window.history.state as unknown });
// Only the path and the query say which page is shown: a change of the hash or the state alone is no leaving.
const pageOf = (to: To) => (typeof to === 'string' ? to : createPath(to)).replace(/#.*$/, '');

function onPopState(event: PopStateEvent): void {
  for (const state of held.values()) {
    if (state.onPopState && state.holds.length > 0) return state.onPopState(event);
  }
}

let listening = false;

/**
 * Listens for Back and Forward ahead of the router. It must be called before the BrowserRouter
 * subscribes (at start-up): Chromium calls a window's popstate listeners in the order they were
 * added, capturing or not, and the router's own listener would otherwise show the previous page
 * (unmounting the edited one) before a hold could stop it. Called again, it does nothing.
 */
export function listenBeforeTheRouter(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('popstate', onPopState, true);
}

function release(navigator: Navigator, hold: Hold): void {
  const state = held.get(navigator);
  if (!state) return;
  state.holds = state.holds.filter((other) => other !== hold);
  if (state.holds.length > 0) return;
  state.restore();
  held.delete(navigator);
}

/**
 * Makes the router's navigator ask before leaving: push and replace (links, `navigate`) wait for
 * the top hold's answer; with `followsAddressBar` (a BrowserRouter) Back and Forward do too. The
 * browser has already moved when it fires popstate, so the event is stopped before the router
 * sees it and the browser returns to the page's entry (Back: it is pushed again; Forward: a step
 * back); when the user agrees to leave, the hold is released and the browser goes where it was going.
 */
function install(navigator: Navigator, followsAddressBar: boolean, currentPage: () => string): Held {
  const { push, replace } = navigator;
  let here = entryHere();
  const state: Held = { holds: [], onPopState: null, restore: () => undefined };
  const top = () => state.holds.at(-1);

  const guarded =
    (go: Navigator['push']): Navigator['push'] =>
    (to, historyState, options) => {
      const hold = top();
      const pass = () => {
        go(to, historyState, options);
        here = entryHere();
      };
      if (!hold || pageOf(to) === currentPage()) pass();
      else
        hold.ask(() => {
          release(navigator, hold);
          pass();
        });
    };

  let undoing = false;
  const onPop = (event: PopStateEvent) => {
    const hold = top();
    if (!hold) return;
    event.stopImmediatePropagation();
    if (undoing) {
      // The browser is back on the page's own entry after a refused Forward.
      undoing = false;
      return;
    }
    const from = indexOf(here.state);
    const to = indexOf(event.state ?? window.history.state);
    const forward = from !== null && to !== null && to > from ? to - from : 0;
    if (forward > 0) {
      // Forward: step back again, which keeps the entries ahead for when the user agrees.
      undoing = true;
      window.history.go(-forward);
    } else {
      // Back: the page's entry is pushed again; the router never saw the move, so it still matches.
      window.history.pushState(here.state, '', here.url);
    }
    hold.ask(() => {
      release(navigator, hold);
      // Where the browser was going: right before the entry pushed again, or the entries ahead.
      window.history.go(forward > 0 ? forward : -1);
    });
  };

  navigator.push = guarded(push);
  navigator.replace = guarded(replace);
  if (followsAddressBar) {
    listenBeforeTheRouter();
    state.onPopState = onPop;
  }
  state.restore = () => {
    navigator.push = push;
    navigator.replace = replace;
  };
  return state;
}

/**
 * Holds navigation away from the page until `ask` lets it go. Returns the release, to call when
 * the page has nothing left to lose (saved, discarded, unmounted). Several holds may be taken on
 * one navigator; the latest asks.
 */
export function holdNavigation(navigator: Navigator, ask: AskToLeave, options: { followsAddressBar: boolean; currentPage: () => string }): () => void {
  let state = held.get(navigator);
  if (!state) {
    state = install(navigator, options.followsAddressBar, options.currentPage);
    held.set(navigator, state);
  }
  const hold: Hold = { ask };
  state.holds.push(hold);
  return () => release(navigator, hold);
}

/**
 * jsdom has no layout and no matchMedia. This installs a matchMedia that answers min-width and
 * max-width queries for a chosen window width, so responsive code can be tested at any size.
 */
let width = 1440;
const lists = new Set<{ query: string; notify: () => void }>();

function matches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

/** Sets the window width and tells every registered media query list. */
export function setViewportWidth(next: number): void {
  width = next;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next });
  lists.forEach((list) => list.notify());
}

/** Installs the matchMedia stand-in at the given width. */
export function installViewport(initial = 1440): void {
  width = initial;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: initial });
  window.matchMedia = (query: string) => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    let last = matches(query);
    const list = {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    lists.add({
      query,
      notify: () => {
        const now = matches(query);
        if (now === last) return;
        last = now;
        listeners.forEach((listener) => listener({ matches: now, media: query } as MediaQueryListEvent));
      },
    });
    return list as unknown as MediaQueryList;
  };
}

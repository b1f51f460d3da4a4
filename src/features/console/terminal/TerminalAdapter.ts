/** Search results as the terminal reports them (index -1: no current match). */
export interface SearchResults {
  index: number;
  count: number;
}

/**
 * The terminal as the console uses it: a write-only screen of ANSI-coloured lines with search
 * and scrolling. The console talks to this interface only, so the terminal library stays
 * replaceable and its quirks stay in one file.
 */
export interface TerminalAdapter {
  /** Writes text (lines ending in "\r\n"); `done` runs once the terminal has processed it. */
  write(text: string, done?: () => void): void;
  /** Forgets everything shown (the history is about to be sent again). */
  clear(): void;
  /** Shows the newest output. */
  scrollToBottom(): void;
  /** Whether the newest output is in view. */
  isAtBottom(): boolean;
  /** Scroll lock: while on, new output does not move the view. */
  setScrollLock(locked: boolean): void;
  /** Called whenever the view may have moved (output arrived, the user scrolled). */
  onViewportChange(listener: () => void): () => void;
  /** Finds the next (or previous) match of `term`; false when there is none. */
  find(term: string, direction: 'next' | 'previous'): Promise<boolean>;
  /** Called when the number of matches or the current match changes. */
  onSearchResults(listener: (results: SearchResults) => void): () => void;
  /** Removes the search highlights. */
  clearSearch(): void;
  /** Fits the terminal to its element's size. */
  fit(): void;
  dispose(): void;
}

/** Makes a terminal inside `element`. */
export type TerminalFactory = (element: HTMLElement) => TerminalAdapter;

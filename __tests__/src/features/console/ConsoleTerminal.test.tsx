// First: quiets xterm's canvas probe before xterm.js loads.
import { terminalText } from '../../helpers/xtermInJsdom';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { OutputListener } from '../../../../src/api/serverSocket';
import { ConsoleTerminal } from '../../../../src/features/console/ConsoleTerminal';
import { Terminal } from '@xterm/xterm';
import { CONSOLE_SCROLLBACK, createXtermAdapter } from '../../../../src/features/console/terminal/createXtermAdapter';
import type { TerminalFactory } from '../../../../src/features/console/terminal/TerminalAdapter';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { renderWithProviders } from '../../renderWithProviders';

// Real sockets and xterm's rendering on a busy machine: give waits room.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);
allowUpdatesOutsideAct();

/** The real xterm.js terminal, with its writes counted. */
function countingXterm() {
  const counts = { writes: 0, pieceLines: [] as number[] };
  const factory: TerminalFactory = (element) => {
    const terminal = createXtermAdapter(element);
    return {
      ...terminal,
      write(text, done) {
        counts.writes += 1;
        counts.pieceLines.push(text.split('\r\n').length - 1);
        terminal.write(text, done);
      },
    };
  };
  return { factory, counts };
}

function renderTerminal() {
  let listener: OutputListener | null = null;
  const subscribeOutput = (next: OutputListener) => {
    listener = next;
    return () => {
      listener = null;
    };
  };
  const { factory, counts } = countingXterm();
  renderWithProviders(<ConsoleTerminal subscribeOutput={subscribeOutput} createTerminal={factory} />);
  return { counts, output: () => listener! };
}

/**
 * User events without the pointer-events check: it asks getComputedStyle of every ancestor, and
 * jsdom answers slowly once xterm's renderer has added its colour style sheet (seconds per click).
 */
const fastUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('the console terminal (xterm.js)', () => {
  it('renders the output with its ANSI colours', async () => {
    const { output } = renderTerminal();
    await waitFor(() => expect(output()).not.toBeNull());
    output().line('\u001b[32m[Server] Done (0.8s)! For help, type "help"\u001b[0m');
    await waitFor(() => expect(terminalText()).toContain('[Server] Done (0.8s)! For help, type "help"'));
    const coloured = Array.from(document.querySelectorAll('.xterm-rows span')).find((span) => span.textContent?.includes('[Server] Done'));
    // xterm's DOM renderer marks ANSI green (colour 2) with its foreground class.
    expect(coloured?.className).toMatch(/xterm-fg-2/);
  });

  it('takes a flood of lines in pieces of at most a hundred lines (not one write per line) and shows the newest', async () => {
    const { output, counts } = renderTerminal();
    await waitFor(() => expect(output()).not.toBeNull());
    for (let i = 0; i < 20_000; i++) output().line(`flood line ${i}`);
    await waitFor(() => expect(terminalText()).toContain('flood line 19999'));
    // The terminal keeps 5,000 lines: the rest is skipped, with a notice.
    expect(counts.pieceLines.every((lines) => lines <= 101)).toBe(true);
    expect(counts.writes).toBeGreaterThanOrEqual(50);
    expect(counts.writes).toBeLessThanOrEqual(51);
    expect(screen.getByTestId('console-terminal')).toHaveAttribute('data-lines-written', '5001');
    expect(screen.getByTestId('console-terminal')).toHaveAttribute('data-lines-skipped', '15000');
  });

  it('clears the screen when the history is about to be sent again', async () => {
    const { output } = renderTerminal();
    await waitFor(() => expect(output()).not.toBeNull());
    output().line('before the reconnect');
    await waitFor(() => expect(terminalText()).toContain('before the reconnect'));
    output().reset();
    output().line('after the reconnect');
    await waitFor(() => expect(terminalText()).toContain('after the reconnect'));
    expect(terminalText()).not.toContain('before the reconnect');
  });

  it('searches the output and says how many matches there are', async () => {
    const user = fastUser();
    const { output } = renderTerminal();
    await waitFor(() => expect(output()).not.toBeNull());
    ['Alex joined the game', 'Steve joined the game', 'Alex left the game'].forEach((line) => output().line(line));
    await waitFor(() => expect(terminalText()).toContain('Alex left the game'));
    await user.type(screen.getByRole('textbox', { name: 'Search the output' }), 'alex{Enter}');
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(await screen.findByText('2 of 2')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search the output' }));
    await user.type(screen.getByRole('textbox', { name: 'Search the output' }), 'creeper{Enter}');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
  });

  it('holds the view under scroll lock and jumps back to the newest output on request', async () => {
    const user = fastUser();
    renderTerminal();
    const lock = screen.getByRole('button', { name: 'Scroll lock' });
    expect(lock).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Jump to bottom' })).toBeNull();
    await user.click(lock);
    expect(lock).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Jump to bottom' }));
    expect(lock).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Jump to bottom' })).toBeNull();
  });

  it('holds the lines in view under scroll lock after every piece of a flood', async () => {
    const user = fastUser();
    // jsdom lays nothing out, so xterm cannot really scroll here: what the console asks for is checked.
    const scrollToLine = jest.spyOn(Terminal.prototype, 'scrollToLine');
    try {
      const { output, counts } = renderTerminal();
      await waitFor(() => expect(output()).not.toBeNull());
      for (let i = 0; i < 6000; i++) output().line(`early line ${i}`);
      await waitFor(() => expect(terminalText()).toContain('early line 5999'));
      const terminal = screen.getByTestId('console-terminal');
      await waitFor(() => expect(terminal).toHaveAttribute('data-lines-written', '5001'));
      await user.click(screen.getByRole('button', { name: 'Scroll lock' }));
      const writesBefore = counts.writes;
      scrollToLine.mockClear();
      for (let i = 0; i < 2000; i++) output().line(`late line ${i}`);
      await waitFor(() => expect(terminal).toHaveAttribute('data-lines-written', '7001'));
      // Twenty pieces, each followed by a move back to the line that was on top. The view (unmoved
      // here) shows the newest lines, and the scrollback is full: that line is a hundred lines
      // higher after each piece, as the oldest hundred go.
      expect(counts.writes - writesBefore).toBe(20);
      expect(scrollToLine.mock.calls.map(([line]) => line)).toEqual(Array.from({ length: 20 }, () => CONSOLE_SCROLLBACK - 100));
    } finally {
      scrollToLine.mockRestore();
    }
    await user.click(screen.getByRole('button', { name: 'Jump to bottom' }));
    expect(screen.getByRole('button', { name: 'Scroll lock' })).toHaveAttribute('aria-pressed', 'false');
  });
});

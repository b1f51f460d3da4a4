import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommandInput } from '../../../../src/features/console/CommandInput';
import { commandHistoryKey, COMMAND_HISTORY_LIMIT, withCommand } from '../../../../src/features/console/commandHistory';
import { renderWithProviders } from '../../renderWithProviders';

afterEach(() => window.localStorage.clear());

function renderInput(serverId = 's1', accept = true) {
  const sent: string[] = [];
  const view = renderWithProviders(
    <CommandInput
      serverId={serverId}
      onSubmit={(command) => {
        sent.push(command);
        return accept;
      }}
    />,
  );
  return { ...view, sent, input: screen.getByRole('textbox', { name: 'Console command' }) };
}

describe('the command input', () => {
  it('sends on Enter, clears the line, and walks the history with up and down', async () => {
    const user = userEvent.setup();
    const { sent, input } = renderInput();
    await user.type(input, 'list{Enter}');
    await user.type(input, 'say hello{Enter}');
    await user.type(input, 'time set day{Enter}');
    expect(sent).toEqual(['list', 'say hello', 'time set day']);
    expect(input).toHaveValue('');

    await user.type(input, 'half typed');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('time set day');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('list');
    await user.keyboard('{ArrowUp}'); // nothing older
    expect(input).toHaveValue('list');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('say hello');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Past the newest command: back to what was being typed.
    expect(input).toHaveValue('half typed');
  });

  it('keeps the history per server in localStorage, so it survives a reload', async () => {
    const user = userEvent.setup();
    const first = renderInput('s1');
    await user.type(first.input, 'op Alex{Enter}');
    first.unmount();
    expect(JSON.parse(window.localStorage.getItem(commandHistoryKey('s1'))!)).toEqual(['op Alex']);

    const other = renderInput('s2');
    await user.keyboard('{ArrowUp}');
    await user.click(other.input);
    await user.keyboard('{ArrowUp}');
    expect(other.input).toHaveValue('');
    other.unmount();

    const again = renderInput('s1');
    await user.click(again.input);
    await user.keyboard('{ArrowUp}');
    expect(again.input).toHaveValue('op Alex');
  });

  it('keeps the line (and records nothing) when the command could not be sent', async () => {
    const user = userEvent.setup();
    const { input } = renderInput('s1', false);
    await user.type(input, 'stop{Enter}');
    expect(input).toHaveValue('stop');
    expect(window.localStorage.getItem(commandHistoryKey('s1'))).toBeNull();
  });

  it('moves a repeated command to the newest place and keeps a bounded number', () => {
    expect(withCommand(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
    const many = Array.from({ length: COMMAND_HISTORY_LIMIT }, (_, i) => `cmd ${i}`);
    const next = withCommand(many, 'new');
    expect(next).toHaveLength(COMMAND_HISTORY_LIMIT);
    expect(next[0]).toBe('cmd 1');
    expect(next.at(-1)).toBe('new');
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScheduleDialog } from '../../../../src/features/schedules/ScheduleDialog';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
allowUpdatesOutsideAct();

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const invalid = { message: 'The given data was invalid.', errors: { minute: ['Not a valid minute (0–59, *, ranges, lists or steps)'], hour: ['Not a valid hour (0–23)'] } };

describe('the schedule dialog', () => {
  it('shows the server’s message under a cron field until that field is changed; the others keep theirs', async () => {
    fetchMock = mockFetch(() => jsonResponse(422, invalid));
    const user = userEvent.setup();
    renderWithProviders(<ScheduleDialog serverId="s1" open schedule={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Nightly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const minuteProblems = await within(dialog).findByRole('list', { name: 'Problems with Minute' });
    expect(minuteProblems).toHaveTextContent('Not a valid minute');
    expect(within(dialog).getByRole('list', { name: 'Problems with Hour' })).toBeInTheDocument();
    const minute = within(dialog).getByRole('textbox', { name: 'Minute' });
    await user.clear(minute);
    await user.type(minute, '15');
    await waitFor(() => expect(within(dialog).queryByRole('list', { name: 'Problems with Minute' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('list', { name: 'Problems with Hour' })).toHaveTextContent('Not a valid hour');
  });

  it('picks the timezone from a searchable list that starts at the browser’s zone, and sends the catch-up option', async () => {
    fetchMock = mockFetch(() => jsonResponse(201, { data: {} }));
    const user = userEvent.setup();
    renderWithProviders(<ScheduleDialog serverId="s1" open schedule={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const zone = within(dialog).getByRole('combobox', { name: 'Timezone' });
    expect(within(dialog).getByTitle(new RegExp(`^${browserZone.replace(/_/g, ' ')} \\(UTC`))).toBeInTheDocument();
    await user.click(zone);
    await user.type(zone, 'Tokyo');
    await user.click(await screen.findByTitle(/^Asia\/Tokyo \(UTC\+09:00\)$/));
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Nightly');
    expect(within(dialog).getByRole('checkbox', { name: 'Run once when the panel is back' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Run once when the panel is back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/schedules')).toHaveLength(1));
    expect(fetchMock.requestsTo('POST /api/v2/servers/s1/schedules')[0].body).toEqual(expect.objectContaining({ name: 'Nightly', timezone: 'Asia/Tokyo', run_missed: true }));
  });

  it('sends an on-crash schedule without cron times, with its cooldown; empty asks for its minutes and shows the server’s message under them', async () => {
    fetchMock = mockFetch(() => jsonResponse(422, { message: 'The given data was invalid.', errors: { trigger_minutes: ['Enter after how many minutes without players it runs.'] } }));
    const user = userEvent.setup();
    renderWithProviders(<ScheduleDialog serverId="s1" open schedule={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Restart after crash');
    // No event: no cooldown to set.
    expect(within(dialog).queryByRole('spinbutton', { name: 'Cooldown (minutes)' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Also run when' }));
    await user.click(await screen.findByTitle('The server has been empty for some minutes'));
    const minutes = await within(dialog).findByRole('spinbutton', { name: 'Minutes without players' });
    await user.clear(minutes);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('list', { name: 'Problems with Minutes without players' })).toHaveTextContent('Enter after how many minutes');

    await user.click(within(dialog).getByRole('combobox', { name: 'Also run when' }));
    await user.click(await screen.findByTitle('The server crashed'));
    expect(within(dialog).queryByRole('spinbutton', { name: 'Minutes without players' })).not.toBeInTheDocument();
    const cooldown = within(dialog).getByRole('spinbutton', { name: 'Cooldown (minutes)' });
    await user.clear(cooldown);
    await user.type(cooldown, '15');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Run at the cron times' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/schedules')).toHaveLength(2));
    expect(fetchMock.requestsTo('POST /api/v2/servers/s1/schedules')[1].body).toEqual(
      expect.objectContaining({ name: 'Restart after crash', run_on_cron: false, trigger_event: 'crash', trigger_minutes: null, cooldown_minutes: 15 }),
    );
  });
});

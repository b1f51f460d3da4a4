import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Schedule } from '../../../../src/api/schedules';
import { SchedulesPage } from '../../../../src/features/schedules/SchedulesPage';
import { loggedIn } from '../../helpers/fixtures';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { initTestI18n } from '../../testI18n';

// The language's words arrive when the test lets them (a slow network), after the schedules.
const mockHeldLoads: Array<() => void> = [];
jest.mock('../../../../src/features/schedules/cronLocales', () => {
  const actual = jest.requireActual<typeof import('../../../../src/features/schedules/cronLocales')>('../../../../src/features/schedules/cronLocales');
  return {
    ...actual,
    loadCronLocale: (language: string) => new Promise<void>((resolve) => mockHeldLoads.push(() => void actual.loadCronLocale(language).then(resolve))),
  };
});
const releaseLocale = () =>
  act(async () => {
    for (const release of mockHeldLoads.splice(0)) release();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
allowUpdatesOutsideAct();

const schedule: Schedule = {
  uuid: '6c3a1f0e-0000-4000-8000-000000000001',
  name: 'Weekly restart',
  minute: '0',
  hour: '4',
  day_of_month: '*',
  month: '*',
  day_of_week: '1',
  timezone: 'UTC',
  enabled: true,
  run_on_cron: true,
  trigger_event: null,
  trigger_minutes: null,
  cooldown_minutes: 5,
  last_triggered_at: null,
  only_when_online: false,
  run_missed: false,
  last_result: null,
  last_run_at: null,
  last_error: null,
  next_run_at: '2030-01-07T04:00:00.000Z',
  next_runs: ['2030-01-07T04:00:00.000Z'],
  tasks: [{ uuid: '6c3a1f0e-0000-4000-8000-000000000002', sequence: 1, action: 'power', payload: 'restart', delay_seconds: 0, continue_on_failure: false }],
  created_at: '2024-01-02T03:04:05.000Z',
};

const ENGLISH = 'At 04:00, only on Monday';
const GERMAN = 'Um 04:00, nur jeden Montag';

let api: FetchMock;
beforeEach(() => {
  mockHeldLoads.length = 0;
  api = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['schedule.read', 'schedule.update'] }) } },
    'GET /api/v2/servers/s1/schedules': { status: 200, body: { data: [schedule], meta: { limit: 10 } } },
  });
});

afterEach(async () => {
  await initTestI18n().changeLanguage('en');
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/tasks" element={<SchedulesPage />} />
    </Routes>,
    { route: '/server/s1/tasks', preloadedState: loggedIn() },
  );

it('describes a schedule in the user’s language, never first in English, in the list and in the dialog', async () => {
  await initTestI18n().changeLanguage('de');
  renderPage();
  // The schedules are there, the German words not yet: the page waits rather than showing English.
  await waitFor(() => expect(api.requestsTo('GET /api/v2/servers/s1/schedules')).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(mockHeldLoads.length).toBeGreaterThan(0);
  expect(screen.queryByText(ENGLISH)).not.toBeInTheDocument();
  expect(screen.queryByText('Weekly restart')).not.toBeInTheDocument();
  await releaseLocale();
  expect(await screen.findByText(GERMAN)).toBeInTheDocument();
  expect(screen.queryByText(ENGLISH)).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByTestId('cron-description')).toHaveTextContent(GERMAN);
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hour' }), { target: { value: '25' } });
  expect(await within(dialog).findByText('This is not a valid cron expression yet.')).toBeInTheDocument();
});

it('describes in English for an English user, with nothing to load', async () => {
  renderPage();
  expect(await screen.findByText(ENGLISH)).toBeInTheDocument();
  expect(mockHeldLoads).toHaveLength(0);
});

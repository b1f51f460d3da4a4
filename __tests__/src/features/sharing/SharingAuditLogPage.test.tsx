import { screen, waitFor, within } from '@testing-library/react';
import { SharingAuditLogPage } from '../../../../src/features/sharing/SharingAuditLogPage';
import { fillIn } from '../../helpers/fillIn';
import type { MockRoute, RecordedRequest } from '../../helpers/mockFetch';
import { ALEX_ACCOUNT_UUID, allKeys, makeSubusers, renderSharingPage } from './sharingFixtures';

/** How the fixtures' entries read in the log (every event is written as a sentence). */
const COMMAND_SENTENCE = 'alex sent the console command “say hi”.';
const INVITED_SENTENCE = 'steve invited alex@example.com.';

jest.setTimeout(30_000);
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

const entries = [
  { id: 2, event: 'server.console.command', actor: { uuid: ALEX_ACCOUNT_UUID, username: 'alex' }, ip: '203.0.113.5', properties: { command: 'say hi' }, created_at: '2024-05-03T10:00:00.000Z' },
  {
    id: 1,
    event: 'server.subuser.created',
    actor: { uuid: '5b0f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b6a', username: 'steve' },
    ip: '198.51.100.7',
    properties: { email: 'alex@example.com' },
    created_at: '2024-05-03T09:00:00.000Z',
  },
];

function activity(request: RecordedRequest) {
  const params = new URLSearchParams(request.search);
  const prefix = params.get('event') ?? '';
  const data = entries.filter((entry) => entry.event.startsWith(prefix));
  return { status: 200, body: { data, meta: { page: Number(params.get('page')), per_page: Number(params.get('per_page')), total: 120 } } };
}

function renderAuditLog(permissions?: string[], routes: Record<string, MockRoute> = {}) {
  return renderSharingPage(
    <SharingAuditLogPage />,
    'sharing-audit-log',
    {
      'GET /api/v2/servers/s1/activity': activity,
      ...routes,
    },
    permissions,
  );
}

describe('the audit log page', () => {
  it('shows who did what, when, from where and with which details, newest first', async () => {
    const { fetch } = renderAuditLog();
    const first = (await screen.findByText(COMMAND_SENTENCE)).closest('tr')!;
    const rows = screen.getAllByRole('row');
    expect(within(first).getByText('alex')).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.5')).toBeInTheDocument();
    // No machine text beside the sentence: what was recorded is folded away under "Raw data".
    expect(within(first).queryByText('command: say hi')).not.toBeInTheDocument();
    expect(within(first).getByText('Raw data')).toBeInTheDocument();
    expect(rows.indexOf(first)).toBeLessThan(rows.indexOf(screen.getByText(INVITED_SENTENCE).closest('tr')!));
    expect(screen.getByText('120 entries')).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/servers/s1/activity')[0].search).toBe('?page=1&per_page=50');
  });

  it('writes details as names and sentences, with uuids and JSON only in the folded raw data', async () => {
    const SCHEDULE = '0b7b2a54-1c7e-4a53-9d55-6f1f0c1e2d3a';
    const ROLE = '7d1e9a22-3f4b-4c5d-8e6f-1a2b3c4d5e6f';
    const detailed = [
      {
        id: 12,
        event: 'server.config.updated',
        actor: { uuid: ALEX_ACCOUNT_UUID, username: 'alex' },
        ip: null,
        properties: { file: 'server.properties', keys: ['difficulty', 'motd'], values: { difficulty: 'hard', motd: 'Hi' }, editor: 'form' },
        created_at: '2024-05-03T12:00:00.000Z',
      },
      {
        id: 11,
        event: 'server.schedule.task.update',
        actor: { uuid: ALEX_ACCOUNT_UUID, username: 'alex' },
        ip: null,
        properties: { schedule: SCHEDULE, task: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9', changed: ['payload'] },
        created_at: '2024-05-03T11:30:00.000Z',
      },
      {
        id: 10,
        event: 'server.subuser.updated',
        actor: { uuid: '5b0f3c3e-2f7e-4a8e-9d3c-1f2e3d4c5b6a', username: 'steve' },
        ip: null,
        properties: { subuser_uuid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', email: 'alex@example.com', role_uuid: ROLE, permissions: ['file.read'], added: ['file.read'], removed: [] },
        created_at: '2024-05-03T11:00:00.000Z',
      },
    ];
    renderAuditLog([...allKeys, 'schedule.read', 'backup.read'], {
      'GET /api/v2/servers/s1/activity': () => ({ status: 200, body: { data: detailed, meta: { page: 1, per_page: 50, total: 3 } } }),
      'GET /api/v2/servers/s1/schedules': { status: 200, body: { data: [{ uuid: SCHEDULE, name: 'Nightly restart' }], meta: {} } },
      'GET /api/v2/servers/s1/roles': { status: 200, body: { data: [{ uuid: ROLE, key: null, built_in: false, name: 'Helpers', description: '', members: 1, permissions: ['file.read'] }] } },
      'GET /api/v2/servers/s1/backups': { status: 200, body: { data: [], meta: {} } },
      'GET /api/v2/servers/s1/users': { status: 200, body: { data: [] } },
    });
    const config = (await screen.findByText('alex changed difficulty, motd in server.properties.')).closest('tr')!;
    expect(within(config).getByText('Settings changed')).toBeInTheDocument();
    expect(within(config).getByText('difficulty = hard, motd = Hi')).toBeInTheDocument();
    expect(await screen.findByText('alex changed a task of the schedule Nightly restart.')).toBeInTheDocument();
    const share = (await screen.findByText('steve changed the access of alex@example.com.')).closest('tr')!;
    expect(await within(share).findByText('Helpers')).toBeInTheDocument();
    expect(within(share).getByText('Role')).toBeInTheDocument();

    // A uuid is never shown outside the closed raw data.
    const raw = within(share).getByText('Raw data').closest('details')!;
    expect(raw).not.toHaveAttribute('open');
    expect(within(raw).getByText(new RegExp(ROLE))).not.toBeVisible();
    for (const row of [config, share]) {
      const outsideRaw = [...row.querySelectorAll('td')]
        .map((cell) => [...cell.childNodes].map((node) => (node instanceof HTMLElement && node.querySelector('details') ? (node.querySelector('dl')?.textContent ?? '') : node.textContent)).join(' '))
        .join(' ');
      expect(outsideRaw).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(outsideRaw).not.toMatch(/[[{]"/);
    }
  });

  it('tells a refused action as a sentence: who, which permission, which action', async () => {
    const refused = {
      id: 9,
      event: 'server.action-refused',
      actor: { uuid: ALEX_ACCOUNT_UUID, username: 'alex' },
      ip: '203.0.113.5',
      properties: { permission: 'file.delete', action: 'POST /api/v2/servers/:id/files/delete' },
      created_at: '2024-05-03T11:00:00.000Z',
    };
    renderAuditLog(undefined, { 'GET /api/v2/servers/s1/activity': () => ({ status: 200, body: { data: [refused], meta: { page: 1, per_page: 50, total: 1 } } }) });
    const sentence = await screen.findByText('alex was refused an action that needs the permission file.delete (POST /api/v2/servers/:id/files/delete).');
    expect(within(sentence.closest('tr')!).getByText('203.0.113.5')).toBeInTheDocument();
    expect(screen.queryByText('server.action-refused')).not.toBeInTheDocument();
  });

  it('filters by event type and days, and pages through the results', async () => {
    const { fetch, user } = renderAuditLog();
    await screen.findByText(COMMAND_SENTENCE);
    await fillIn(user, screen.getByLabelText('Event type'), 'server.subuser');
    await waitFor(() => expect(screen.queryByText(COMMAND_SENTENCE)).not.toBeInTheDocument());
    const last = () => new URLSearchParams(fetch.requestsTo('GET /api/v2/servers/s1/activity').at(-1)!.search);
    expect(last().get('event')).toBe('server.subuser');

    await fillIn(user, screen.getByLabelText('From'), '2024-05-03');
    await waitFor(() => expect(last().get('from')).toBe(new Date(2024, 4, 3).toISOString()));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    expect(last().get('event')).toBe('server.subuser');
  });

  it('downloads the filtered log as CSV with the bearer token', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:audit'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetch, user } = renderAuditLog(undefined, { 'GET /api/v2/servers/s1/activity/export': { status: 200, body: 'id,event\n' } });
    await screen.findByText(COMMAND_SENTENCE);
    await fillIn(user, screen.getByLabelText('Event type'), 'server.console');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log-s1.csv']));
    const request = fetch.requestsTo('GET /api/v2/servers/s1/activity/export')[0];
    expect(request.headers.get('Authorization')).toBe('Bearer test-token');
    expect(request.search).toBe('?event=server.console');
  });

  it('offers every person the server is shared with in the person filter, even before they act', async () => {
    const robin = { ...makeSubusers()[0], uuid: 'a1b2c3d4-0000-4000-8000-000000000003', user_uuid: 'c0ffee00-0000-4000-8000-0000000000b2', username: 'robin', email: 'robin@example.com' };
    const { fetch, user } = renderAuditLog(undefined, { 'GET /api/v2/servers/s1/users': { status: 200, body: { data: [...makeSubusers(), robin] } } });
    await screen.findByText(COMMAND_SENTENCE);
    const person = screen.getByLabelText('Person');
    const names = () =>
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() => expect(names()).toContain('robin'));
    // Each account once (alex both acts and is shared with); pending invitations have no account yet.
    expect(names().filter((name) => name === 'alex')).toHaveLength(1);
    expect(names()).not.toContain('sam@example.com');
    await user.selectOptions(person, 'robin');
    await waitFor(() => expect(new URLSearchParams(fetch.requestsTo('GET /api/v2/servers/s1/activity').at(-1)!.search).get('actor')).toBe(robin.user_uuid));
  });

  it('says clearly when the caller may not read the log', async () => {
    renderAuditLog(['control.console']);
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
  });
});

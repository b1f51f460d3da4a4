import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ConfigField } from '../../../../src/api/config';
import type { ConfigFieldItemProps } from '../../../../src/features/config/ConfigFieldItem';
import { ConfigPage } from '../../../../src/features/config/ConfigPage';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

// Every row of the form counts its commits by key: a React Profiler around each row reports any
// work inside it (the row, its Form.Item, its input), whatever made it re-render (props, the
// form's store, a context). On a phone, each keystroke that re-renders every row (about seventy
// keys for Minecraft) is felt as a stall.
const mockCommits = new Map<string, number>();
jest.mock('../../../../src/features/config/ConfigFieldItem', () => {
  const { createElement, memo, Profiler } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('../../../../src/features/config/ConfigFieldItem')>('../../../../src/features/config/ConfigFieldItem');
  const count = (key: string) => mockCommits.set(key, (mockCommits.get(key) ?? 0) + 1);
  return {
    ...actual,
    ConfigFieldItem: memo((props: ConfigFieldItemProps) => createElement(Profiler, { id: props.field.key, onRender: () => count(props.field.key) }, createElement(actual.ConfigFieldItem, props))),
  };
});

jest.setTimeout(60_000);
allowUpdatesOutsideAct();

const field = (key: string, value: string, extra: Partial<ConfigField> = {}): ConfigField => ({
  key,
  value,
  type: 'string',
  group: 'basic',
  known: true,
  managed: false,
  secret: false,
  ...extra,
});

const fields: ConfigField[] = [
  field('motd', 'Old message'),
  field('max-players', '20', { type: 'integer', min: 0, max: 100 }),
  field('pvp', 'true', { type: 'boolean' }),
  field('gamemode', 'survival', { type: 'enum', options: ['survival', 'creative'] }),
  field('view-distance', '10', { type: 'integer', group: 'advanced' }),
  field('custom-plugin-key', 'keep me', { known: false, group: 'advanced' }),
];
const raw = fields.map((f) => `${f.key}=${f.value}`).join('\n');

function renderConfig() {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'running', permissions: ['config.read', 'config.update'] }) } },
    'GET /api/v2/servers/s1/config': { status: 200, body: { data: [{ path: 'server.properties', format: 'properties', title: 'Server properties', exists: true }] } },
    'GET /api/v2/servers/s1/config/file': {
      status: 200,
      body: { data: { path: 'server.properties', format: 'properties', title: 'Server properties', exists: true, fields, raw } },
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/config" element={<ConfigPage />} />
    </Routes>,
    { route: '/server/s1/config', preloadedState: loggedIn(makeUser()) },
  );
}

const snapshot = () => new Map(mockCommits);
const others = (before: Map<string, number>, typed: string) => Object.fromEntries(fields.filter((f) => f.key !== typed).map((f) => [f.key, (mockCommits.get(f.key) ?? 0) - (before.get(f.key) ?? 0)]));
const none = (typed: string) => Object.fromEntries(fields.filter((f) => f.key !== typed).map((f) => [f.key, 0]));

describe('typing in the config form', () => {
  it('re-renders only the field typed in, the first keystroke (the form turns unsaved) included', async () => {
    renderConfig();
    const user = userEvent.setup();
    const motd = await screen.findByLabelText('motd');
    await user.click(motd);
    // The form and the raw editor have settled after the first paint.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'File as text' })).toBeInTheDocument());

    let before = snapshot();
    await user.type(motd, '!', { skipClick: true });
    expect(motd).toHaveValue('Old message!');
    // The text waits while the form has unsaved changes: the dirty state did reach the page.
    await waitFor(() => expect(screen.getByText('Save or discard the changes in the form before editing the text.')).toBeInTheDocument());
    expect(mockCommits.get('motd')! - before.get('motd')!).toBeGreaterThan(0);
    expect(others(before, 'motd')).toEqual(none('motd'));

    before = snapshot();
    await user.type(motd, '?', { skipClick: true });
    expect(motd).toHaveValue('Old message!?');
    expect(others(before, 'motd')).toEqual(none('motd'));

    // Another field is typed in on its own too (once focused: leaving motd re-renders motd).
    const players = screen.getByLabelText('max-players');
    await user.click(players);
    before = snapshot();
    await user.type(players, '0', { skipClick: true });
    expect(players).toHaveValue('200');
    expect(others(before, 'max-players')).toEqual(none('max-players'));
  });
});

import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Role, Subuser } from '../../../../src/features/sharing/sharingTypes';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { installViewport } from '../../helpers/viewport';

// antd tables, selects and modals render slowly in jsdom: give queries room.
configure({ asyncUtilTimeout: 8000 });

/** GET /permissions, cut down to three areas. */
export const permissionGroups = [
  {
    group: 'control',
    description: 'Control the power state of the server and send console commands.',
    keys: [
      { key: 'control.console', description: 'Send commands to the server console.' },
      { key: 'control.start', description: 'Start the server when it is stopped.' },
    ],
    available: true,
  },
  {
    group: 'file',
    description: 'Manage the files of the server.',
    keys: [
      { key: 'file.read', description: 'List folders and see file details (names, sizes, dates).' },
      { key: 'file.update', description: 'Change, rename, move and copy files.' },
    ],
    available: true,
  },
  {
    group: 'user',
    description: 'Share the server with other people.',
    keys: [
      { key: 'user.create', description: 'Invite people to this server.' },
      { key: 'user.read', description: 'See who the server is shared with and their permissions.' },
      { key: 'user.update', description: 'Change what people this server is shared with may do.' },
      { key: 'user.delete', description: 'Remove people from this server.' },
    ],
    available: true,
  },
];

/** What the owner holds here: every key of {@link permissionGroups}, and those of roles and the audit log. */
export const allKeys = [...permissionGroups.flatMap((group) => group.keys.map((entry) => entry.key)), 'role.create', 'role.read', 'role.update', 'role.delete', 'activity.read'];

export const OPERATORS_UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const HELPERS_UUID = '9b2f4c1a-2d3e-4f5a-8b6c-7d8e9f0a1b2c';

/** GET …/roles: one built-in and two custom roles. */
export function makeRoles(): Role[] {
  return [
    { uuid: null, key: 'viewer', name: 'Viewer', description: 'Sees the console.', permissions: ['control.console'], built_in: true, members: 0 },
    { uuid: OPERATORS_UUID, key: null, name: 'Operators', description: 'Console without files.', permissions: ['control.console', 'control.start'], built_in: false, members: 2 },
    { uuid: HELPERS_UUID, key: null, name: 'Helpers', description: '', permissions: ['file.read'], built_in: false, members: 0 },
  ];
}

/** The account of the active person in {@link makeSubusers} (not the share's own uuid). */
export const ALEX_ACCOUNT_UUID = 'c0ffee00-0000-4000-8000-0000000000a1';

/** GET …/users: an active person with a role and a pending invitation with chosen keys. */
export function makeSubusers(): Subuser[] {
  return [
    {
      uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
      email: 'alex@example.com',
      username: 'alex',
      user_uuid: ALEX_ACCOUNT_UUID,
      status: 'active',
      role: { uuid: OPERATORS_UUID, name: 'Operators' },
      permissions: ['control.console', 'control.start'],
      last_active_at: '2024-05-02T15:30:00.000Z',
      created_at: '2024-05-01T08:00:00.000Z',
    },
    {
      uuid: 'a1b2c3d4-0000-4000-8000-000000000002',
      email: 'sam@example.com',
      username: null,
      user_uuid: null,
      status: 'pending',
      role: null,
      permissions: ['file.read'],
      last_active_at: null,
      created_at: '2024-05-03T08:00:00.000Z',
    },
  ];
}

/**
 * Renders one sharing page at /server/s1/<path> with a real store; the network answers from
 * `routes` on top of the server (holding `permissions`) and the permission list.
 */
export function renderSharingPage(page: ReactElement, path: string, routes: Record<string, MockRoute> = {}, permissions: string[] = allKeys) {
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions }) } },
    'GET /api/v2/permissions': { status: 200, body: { data: permissionGroups } },
    ...routes,
  });
  // A desktop window: below lg the tables become cards (tested in ResponsiveTable's own tests).
  installViewport(1440);
  const view = renderWithProviders(
    // Collects antd's CSS in a cache instead of the document, which keeps jsdom's style lookups fast.
    <StyleProvider mock="server" cache={createCache()}>
      <Routes>
        <Route path={`/server/:id/${path}`} element={page} />
      </Routes>
    </StyleProvider>,
    { route: `/server/s1/${path}`, preloadedState: loggedIn() },
  );
  return { ...view, fetch, user: userEvent.setup({ delay: null }) };
}

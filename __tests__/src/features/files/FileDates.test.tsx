import { configure, screen } from '@testing-library/react';
import { makeFile } from './filesFixture';
import { makeUser } from '../../helpers/fixtures';
import { filesServer, renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

// 19:08 UTC: the afternoon in every time zone a test machine uses, so 12 and 24 hours differ.
const listing = [makeFile('eula.txt', { modified_at: new Date(Date.UTC(2024, 4, 6, 19, 8)).toISOString() })];
const expected = new Date(Date.UTC(2024, 4, 6, 19, 8));
const hours24 = `${String(expected.getHours()).padStart(2, '0')}:08`;

describe('dates on the files page', () => {
  it('follow the account’s 24-hour clock', async () => {
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: listing } } });
    await screen.findByText('eula.txt');
    const row = document.body;
    expect(row.textContent).toContain(hours24);
    expect(row.textContent).not.toMatch(/\b[AP]M\b/);
  });

  it('follow the account’s 12-hour clock', async () => {
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: listing } } }, filesServer(), 1440, makeUser({ time_format: 12 }));
    await screen.findByText('eula.txt');
    const row = document.body;
    expect(row.textContent).toMatch(/\b[AP]M\b/);
    expect(row.textContent).not.toContain(hours24);
  });
});

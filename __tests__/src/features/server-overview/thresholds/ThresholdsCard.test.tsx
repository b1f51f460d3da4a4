import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThresholdsCard } from '../../../../../src/features/server-overview/thresholds/ThresholdsCard';
import { loggedIn } from '../../../helpers/fixtures';
import { mockFetch, type FetchMock, type MockRoute } from '../../../helpers/mockFetch';
import { renderWithProviders } from '../../../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const saved = { cpu_percent: 90, memory_percent: null, disk_percent: 75, minutes: 10, exceeded: ['disk'] };
let fetchMock: FetchMock | null = null;
afterEach(() => {
  fetchMock?.restore();
  fetchMock = null;
});

function renderCard(permissions: string[], put?: MockRoute): FetchMock {
  fetchMock = mockFetch({
    'GET /api/v2/servers/s1/thresholds': { status: 200, body: { data: saved } },
    ...(put ? { 'PUT /api/v2/servers/s1/thresholds': put } : {}),
  });
  renderWithProviders(<ThresholdsCard serverId="s1" permissions={permissions} />, { preloadedState: loggedIn() });
  return fetchMock;
}

describe('the thresholds card', () => {
  it('shows the saved values and what is exceeded; read-only without threshold.update', async () => {
    renderCard(['threshold.read']);
    expect(await screen.findByRole('spinbutton', { name: 'CPU above %' })).toHaveValue('90');
    expect(screen.getByRole('spinbutton', { name: 'Memory above %' })).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Disk above %' })).toHaveValue('75');
    expect(screen.getByRole('spinbutton', { name: 'For minutes' })).toHaveValue('10');
    expect(screen.getByText('Disk above its threshold')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'CPU above %' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('sends the changed values (an emptied field as null) and shows the server’s message under its field', async () => {
    let answer: MockRoute = { status: 200, body: { data: { ...saved, cpu_percent: null, memory_percent: 60, exceeded: [] } } };
    const requests = renderCard(['threshold.read', 'threshold.update'], (request) => (typeof answer === 'function' ? answer(request) : answer));
    const cpu = await screen.findByRole('spinbutton', { name: 'CPU above %' });
    await userEvent.clear(cpu);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Memory above %' }), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.requestsTo('PUT /api/v2/servers/s1/thresholds')).toHaveLength(1));
    expect(requests.requestsTo('PUT /api/v2/servers/s1/thresholds')[0].body).toEqual({ cpu_percent: null, memory_percent: 60, disk_percent: 75, minutes: 10 });
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    answer = { status: 422, body: { message: 'The given data was invalid.', errors: { minutes: ['must be <= 1440'] } } };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByRole('list', { name: 'Problems with For minutes' });
    expect(problems).toHaveTextContent('must be <= 1440');
    expect(screen.queryByRole('list', { name: 'Problems with CPU above %' })).toBeNull();
  });

  it('shows nothing, and asks for nothing, without threshold.read', async () => {
    const requests = renderCard([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Resource thresholds')).toBeNull();
    expect(requests.requestsTo('GET /api/v2/servers/s1/thresholds')).toHaveLength(0);
  });
});

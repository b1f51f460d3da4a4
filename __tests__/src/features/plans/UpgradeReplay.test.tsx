import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeStore } from '../../../../src/app/store';
import { UpgradePage } from '../../../../src/features/plans/UpgradePage';
import { actionLogText, buildActionLog } from '../../../../src/features/support/buildActionLog';
import { readRecording } from '../../../../src/features/support/recorderMiddleware';
import { locationChanged } from '../../../../src/core/router/routerSlice';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { openInReplay } from '../../helpers/openInReplay';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);

const plan = (slug: string, name: string, tier: 'budget' | 'premium', price: number, memory: number, backups: number) => ({
  slug,
  name,
  game: 'minecraft',
  tier,
  memory_mb: memory,
  cpu_percent: 100,
  disk_mb: 10_240,
  backups,
  databases: 1,
  extra_ports: 1,
  price_monthly: price,
  currency: 'EUR',
  display_order: price,
});
const starter = plan('minecraft-starter', 'Minecraft Starter', 'budget', 300, 1024, 1);
const budget = plan('minecraft-budget', 'Minecraft Budget', 'budget', 600, 2048, 2);
const premium = plan('minecraft-premium', 'Minecraft Premium', 'premium', 1800, 6144, 10);
const overview = {
  current: budget,
  options: [
    { plan: starter, current: false, direction: 'downgrade', amount_due: 0, remaining_days: 7, period_days: 30, blockers: [{ resource: 'backups', used: 2, limit: 1, remove: 1 }] },
    { plan: budget, current: true, direction: 'current', amount_due: 0, remaining_days: 7, period_days: 30, blockers: [] },
    { plan: premium, current: false, direction: 'upgrade', amount_due: 280, remaining_days: 7, period_days: 30, blockers: [] },
  ],
  usage: { disk_mb: 120, backups: 2, extra_ports: 0, databases: 0 },
  provider: 'external',
  can_change: true,
  orders: [
    {
      id: '0b0e5c3e-1111-4222-8333-444455556666',
      from_plan: 'minecraft-budget',
      to_plan: 'minecraft-premium',
      provider: 'external',
      status: 'failed',
      amount_due: 280,
      currency: 'EUR',
      failure_reason: 'The card was declined.',
      created_at: '2026-11-24T01:00:00.000Z',
      expires_at: '2026-11-24T02:00:00.000Z',
    },
  ],
};

it('the Upgrade page is recorded and plays back in the support replay, without calling the API', async () => {
  mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ permissions: ['plan.read', 'plan.change'] }) } },
    'GET /api/v2/servers/s1/plans': { status: 200, body: { data: overview } },
  });
  const store = makeStore(loggedIn());
  store.dispatch(locationChanged('/server/s1/upgrade'));
  const customer = renderWithProviders(
    <Routes>
      <Route path="/server/:id/upgrade" element={<UpgradePage />} />
    </Routes>,
    { route: '/server/s1/upgrade', store },
  );
  expect(await screen.findByText('Order for minecraft-premium failed: The card was declined.')).toBeInTheDocument();
  expect(screen.getByText('Delete 1 backup(s) (you have 2, allowed 1).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Choose Minecraft Starter' })).toBeDisabled();
  const text = actionLogText(buildActionLog(readRecording(store.dispatch)!, store.getState(), { buildId: 'build-7', browser: 'TestBrowser/1.0' }));
  customer.unmount();

  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no network in replay')));
  fetchSpy.mockClear();
  try {
    const replayed = await openInReplay(text);
    expect(replayed).toHaveAttribute('data-location', '/server/s1/upgrade');
    expect(await within(replayed).findByText('Order for minecraft-premium failed: The card was declined.')).toBeInTheDocument();
    expect(within(replayed).getByText('Minecraft Premium')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  } finally {
    fetchSpy.mockRestore();
  }
});

import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { QuizPage } from '../../../../src/features/plans/QuizPage';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(120_000);

const premium = {
  slug: 'minecraft-premium',
  name: 'Minecraft Premium',
  game: 'minecraft',
  tier: 'premium',
  memory_mb: 6144,
  cpu_percent: 200,
  disk_mb: 20_480,
  backups: 10,
  databases: 2,
  extra_ports: 2,
  price_monthly: 1800,
  currency: 'EUR',
  display_order: 3,
};

it('the plan finder lists the reasons of its recommendation, one item each, in order', async () => {
  const requests = mockFetch({
    'POST /api/v2/servers/s1/plans/recommendation': {
      status: 200,
      body: {
        data: {
          plan: premium,
          current: false,
          needs: { memory_mb: 5000, cpu_percent: 180, disk_mb: 9000, mods: 150 },
          reasons: [
            { code: 'memory', values: { needed: 5000, players: 20, viewDistance: 10, mods: 150 } },
            { code: 'cpu', values: { needed: 180 } },
            { code: 'cheapest', values: { price: 1800 } },
          ],
        },
      },
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/upgrade-quiz" element={<QuizPage />} />
    </Routes>,
    { route: '/server/s1/upgrade-quiz', preloadedState: loggedIn() },
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Recommend a plan' }));
  const recommendation = await screen.findByRole('region', { name: 'Recommendation' });
  expect(within(recommendation).getByRole('heading', { name: 'We recommend Minecraft Premium' })).toBeInTheDocument();
  const reasons = within(within(recommendation).getByRole('list')).getAllByRole('listitem');
  expect(reasons.map((item) => item.textContent)).toEqual([
    expect.stringContaining('20 players at view distance 10 and 150 mods'),
    'About 180 % CPU (100 % is one core).',
    expect.stringContaining('The cheapest plan that holds all of it'),
  ]);
  expect(requests.requestsTo('POST /api/v2/servers/s1/plans/recommendation').at(-1)?.body).toEqual({
    players: 10,
    software: 'vanilla',
    modpack_size: 'small',
    view_distance: 10,
    world_size: 'medium',
  });
});

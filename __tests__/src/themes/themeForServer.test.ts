import { themeForServer } from '../../../src/themes';

describe('themeForServer', () => {
  it.each([
    ['minecraft', 'default', 'minecraftDefault'],
    ['minecraft', 'premium', 'minecraftPremium'],
    ['rust', 'budget', 'rustDefault'],
    ['rust', 'premium', 'rustPremium'],
    ['terraria', 'premium', 'terrariaPremium'],
    ['terraria', 'default', 'terrariaPremium'],
    ['ark', 'default', 'arkDefault'],
    ['ark', 'Premium', 'arkPremium'],
    ['palworld', 'default', 'palworldDefault'],
    ['Palworld', 'premium', 'palworldPremium'],
  ])('%s on %s uses %s', (game, plan, theme) => {
    expect(themeForServer(game, plan)).toBe(theme);
  });

  it('falls back to minecraftDefault for an unknown or missing game', () => {
    expect(themeForServer('factorio', 'premium')).toBe('minecraftDefault');
    expect(themeForServer(undefined, undefined)).toBe('minecraftDefault');
  });
});

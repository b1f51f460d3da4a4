import { screen } from '@testing-library/react';
import { ServerAreaPage } from '../../../../src/features/server/ServerAreaPage';
import { serverAreas } from '../../../../src/features/server/serverAreas';
import { renderWithProviders } from '../../renderWithProviders';

describe('the page of an area being set up', () => {
  it('covers the overview, the 18 areas of the specification, the webhooks and the notifications', () => {
    expect(serverAreas.map((area) => area.path)).toEqual([
      '',
      'console',
      'files',
      'config',
      'players',
      'backups',
      'database',
      'network',
      'minecraft/versions',
      'modpacks',
      'extensions',
      'setups',
      'tasks',
      'webhooks',
      'notifications',
      'sharing',
      'sharing-edit-roles',
      'sharing-audit-log',
      'upgrade',
      'upgrade/premium',
      'upgrade-quiz',
    ]);
  });

  it.each(serverAreas.map((area) => [area.key]))('%s names the area, says what it is for and that it is being set up', (key) => {
    renderWithProviders(<ServerAreaPage areaKey={key} />);
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).not.toBe('');
    expect(screen.getByRole('region', { name: heading.textContent ?? '' })).toBeInTheDocument();
    expect(screen.getByText('This area is being set up')).toBeInTheDocument();
    // No made-up figures: the page holds only its texts.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

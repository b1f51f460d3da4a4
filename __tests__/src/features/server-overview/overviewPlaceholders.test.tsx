import { screen } from '@testing-library/react';
import { PlayersOnline } from '../../../../src/features/server-overview/PlayersOnline';
import { ResourceTiles } from '../../../../src/features/server-overview/ResourceTiles';
import { ResourceTilesPlaceholder } from '../../../../src/features/server-overview/ResourceTilesPlaceholder';
import { makeStats } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

/**
 * What decides a tile's height, card by card: its column, title, figure line, bar and graphs.
 * The placeholder must match the loaded tiles on all of it, or the first sample moves the page.
 */
function tileLayout(container: HTMLElement) {
  const grid = container.querySelector<HTMLElement>('.panel-grid');
  const columns = ['xs', 'sm', 'md', 'xl'].map((size) => grid?.style.getPropertyValue(`--panel-grid-${size}`));
  return [...(grid?.children ?? [])].map((column) => ({
    columns,
    title: column.querySelector('.panel-card-title')?.textContent,
    figureLines: [...column.querySelectorAll('.panel-card-body strong')].map((figure) => (figure.parentElement as HTMLElement).style.fontSize),
    bars: column.querySelectorAll('.ant-progress').length,
    graphs: [...column.querySelectorAll('svg[role="img"]')].map((graph) => graph.getAttribute('height')),
    legend: column.querySelector('.panel-card-body span[style*="font-size: 12px"]') !== null,
  }));
}

describe('the overview’s placeholders', () => {
  it('lay out the resource tiles as the first sample will: same columns, figure lines, bars and graph heights', () => {
    const loaded = renderWithProviders(<ResourceTiles stats={makeStats()} history={[]} />);
    const expected = tileLayout(loaded.container);
    loaded.unmount();
    const placeholder = renderWithProviders(<ResourceTilesPlaceholder message="Waiting for the first resource sample…" />);
    expect(expected).toHaveLength(4);
    expect(tileLayout(placeholder.container)).toEqual(expected);
    // The message lies over the tiles and states no figure.
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the first resource sample…');
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('keep the players’ count line while no count is known', () => {
    const counted = renderWithProviders(<PlayersOnline players={makeStats().players} running />);
    const countLine = counted.container.querySelector('strong')?.parentElement?.style.fontSize;
    counted.unmount();
    const unknown = renderWithProviders(<PlayersOnline players={undefined} running={false} />);
    expect(screen.getByText('The server is not running.')).toBeInTheDocument();
    expect(unknown.container.querySelector('strong')?.parentElement?.style.fontSize).toBe(countLine);
    expect(unknown.container.querySelectorAll('.panel-card-body .ant-typography')).toHaveLength(2);
  });
});

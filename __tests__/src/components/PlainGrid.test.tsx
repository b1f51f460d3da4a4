import { render } from '@testing-library/react';
import { PlainGrid } from '../../../src/components/PlainGrid';

const variable = (grid: HTMLElement, name: string) => grid.style.getPropertyValue(`--panel-grid-${name}`);

describe('PlainGrid', () => {
  it('lays its children out as cells, each size taking the columns of the largest size named up to it', () => {
    const { container } = render(
      <PlainGrid columns={{ xs: 1, sm: 2, xl: 4 }} aria-label="tiles">
        <div>a</div>
        <div>b</div>
        <div>c</div>
      </PlainGrid>,
    );
    const grid = container.querySelector<HTMLElement>('.panel-grid')!;
    expect([...grid.children].map((cell) => cell.textContent)).toEqual(['a', 'b', 'c']);
    expect(grid).toHaveAttribute('aria-label', 'tiles');
    expect(variable(grid, 'xs')).toBe('minmax(0,1fr)');
    expect(variable(grid, 'sm')).toBe('minmax(0,1fr) minmax(0,1fr)');
    expect(variable(grid, 'md')).toBe(variable(grid, 'sm'));
    expect(variable(grid, 'lg')).toBe(variable(grid, 'sm'));
    expect(variable(grid, 'xl')).toBe(Array(4).fill('minmax(0,1fr)').join(' '));
    expect(variable(grid, 'xxl')).toBe(variable(grid, 'xl'));
    expect(variable(grid, 'gap')).toBe('16px 16px');
  });

  it('takes columns as proportions, one column below the smallest size named, and its own gaps', () => {
    const { container } = render(
      <PlainGrid columns={{ md: [1, 2] }} gap={[8, 24]}>
        <div />
      </PlainGrid>,
    );
    const grid = container.querySelector<HTMLElement>('.panel-grid')!;
    expect(variable(grid, 'sm')).toBe('minmax(0,1fr)');
    expect(variable(grid, 'md')).toBe('minmax(0,1fr) minmax(0,2fr)');
    expect(variable(grid, 'gap')).toBe('8px 24px');
  });

  it('writes one stylesheet with a rule per breakpoint of the specification, however many grids there are', () => {
    render(
      <>
        <PlainGrid columns={{ xs: 1 }} />
        <PlainGrid columns={{ xs: 2 }} />
      </>,
    );
    const sheets = document.querySelectorAll('style[data-href="panel-grid"]');
    expect(sheets).toHaveLength(1);
    for (const width of [600, 960, 1280, 1920, 2560]) expect(sheets[0].textContent).toContain(`@media (min-width:${width}px)`);
  });
});

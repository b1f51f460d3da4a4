import { render, screen, within } from '@testing-library/react';
import { PanelCard } from '../../../src/components/PanelCard';
import { PlainCard } from '../../../src/components/PlainCard';

describe('PlainCard', () => {
  it('shows a title row with its extra, then the body, and passes attributes to the card', () => {
    const { container } = render(
      <PlainCard title="Ports" extra={<button type="button">Add</button>} role="region" aria-label="Ports of the server" data-plan="budget">
        <p>25565</p>
      </PlainCard>,
    );
    const card = screen.getByRole('region', { name: 'Ports of the server' });
    expect(card).toHaveAttribute('data-plan', 'budget');
    expect(card.querySelector('.panel-card-title')).toHaveTextContent('Ports');
    expect(within(card.querySelector('.panel-card-extra') as HTMLElement).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(card.querySelector('.panel-card-body')).toHaveTextContent('25565');
    expect(container.querySelectorAll('.panel-card-head')).toHaveLength(1);
  });

  it('has no title row without a title or extra, and a smaller one when small', () => {
    const { container, rerender } = render(<PlainCard>body</PlainCard>);
    expect(container.querySelector('.panel-card-head')).toBeNull();
    rerender(<PlainCard title="Small">body</PlainCard>);
    const roomy = (container.querySelector('.panel-card-head') as HTMLElement).style.minHeight;
    rerender(
      <PlainCard title="Small" size="small">
        body
      </PlainCard>,
    );
    expect((container.querySelector('.panel-card-head') as HTMLElement).style.minHeight).toBe('38px');
    expect(roomy).toBe('56px');
  });

  it('tints the title row of an inner card and keeps its title at the body’s size', () => {
    const { container, rerender } = render(<PlainCard title="Outer">body</PlainCard>);
    const head = () => container.querySelector('.panel-card-head') as HTMLElement;
    expect(head().style.background).toBe('');
    const outerSize = head().style.fontSize;
    rerender(
      <PlainCard title="Inner" type="inner">
        body
      </PlainCard>,
    );
    expect(head().style.background).not.toBe('');
    expect(head().style.fontSize).not.toBe(outerSize);
  });

  it('puts its actions in a list along the bottom, one item each', () => {
    render(
      <PlainCard
        title="Database"
        actions={[
          <button key="a" type="button">
            New password
          </button>,
          <button key="b" type="button">
            Delete
          </button>,
        ]}
      >
        details
      </PlainCard>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['New password', 'Delete']);
  });

  it('is an article named by its label as a PanelCard, with the cover above the body', () => {
    render(
      <PanelCard label="Survival with friends" cover={<div data-testid="cover" />}>
        <p>running</p>
      </PanelCard>,
    );
    const card = screen.getByRole('article', { name: 'Survival with friends' });
    expect(card.firstElementChild).toBe(screen.getByTestId('cover'));
    expect(within(card).getByText('running')).toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import { PanelCard } from '../../../src/components/PanelCard';

describe('PanelCard', () => {
  it('shows its title above the body, inside the card it names', () => {
    render(
      <PanelCard label="Creative" title="Creative build server" size="small">
        <p>Flat world, creative mode.</p>
      </PanelCard>,
    );
    const card = screen.getByRole('article', { name: 'Creative' });
    const title = within(card).getByText('Creative build server');
    const body = within(card).getByText('Flat world, creative mode.');
    // The title comes first, in the header band.
    expect(title.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The small card's tighter padding, as antd's (paddingSM).
    expect(body.parentElement).toHaveStyle({ padding: '12px' });
  });

  it('has no header band without a title, and the default padding', () => {
    render(
      <PanelCard label="Plain">
        <p>Only a body.</p>
      </PanelCard>,
    );
    const card = screen.getByRole('article', { name: 'Plain' });
    expect(card.children).toHaveLength(1);
    expect(within(card).getByText('Only a body.').parentElement).toHaveStyle({ padding: '24px' });
  });
});

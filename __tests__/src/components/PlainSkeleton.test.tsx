import { screen } from '@testing-library/react';
import { PlainSkeleton } from '../../../src/components/PlainSkeleton';
import { renderWithProviders } from '../renderWithProviders';

describe('PlainSkeleton', () => {
  it('draws a title bar and the rows asked for, announced as a page still loading', () => {
    renderWithProviders(<PlainSkeleton rows={4} />);
    const placeholder = screen.getByRole('status', { name: 'Loading page' });
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder.querySelectorAll('span')).toHaveLength(5);
    // Coloured from the theme, so it sits right on every theme's background.
    expect(placeholder.style.getPropertyValue('--panel-skeleton-bg')).not.toBe('');
  });

  it('has three rows unless told otherwise, and one stylesheet however many are on the page', () => {
    renderWithProviders(
      <>
        <PlainSkeleton />
        <PlainSkeleton />
      </>,
    );
    for (const placeholder of screen.getAllByRole('status')) expect(placeholder.querySelectorAll('span')).toHaveLength(4);
    expect(document.querySelectorAll('style[data-href="panel-skeleton"]')).toHaveLength(1);
  });
});

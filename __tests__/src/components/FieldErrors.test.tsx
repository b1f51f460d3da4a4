import { screen, within } from '@testing-library/react';
import { FieldErrors } from '../../../src/components/FieldErrors';
import { renderWithProviders } from '../renderWithProviders';

describe('field errors', () => {
  it('list every message of one field', () => {
    renderWithProviders(<FieldErrors label="Username" messages={['This field is required', 'Too short']} />);
    const list = screen.getByRole('list', { name: 'Problems with Username' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['This field is required', 'Too short']);
  });

  it('render nothing without messages', () => {
    renderWithProviders(<FieldErrors label="Username" messages={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlainInput } from '../../../src/components/PlainInput';

function Harness({ onEnter = jest.fn() }: { onEnter?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PlainInput
      aria-label="Search"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => event.key === 'Enter' && onEnter(value)}
      clearLabel="Clear the search"
      onClear={() => setValue('')}
      suffix={value ? <span>{value.length} letters</span> : null}
    />
  );
}

describe('PlainInput', () => {
  it('is a labelled text field that passes typing and keys to its owner', async () => {
    const onEnter = jest.fn();
    render(<Harness onEnter={onEnter} />);
    const field = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.type(field, 'creeper{Enter}');
    expect(field).toHaveValue('creeper');
    expect(onEnter).toHaveBeenCalledWith('creeper');
    expect(screen.getByText('7 letters')).toBeInTheDocument();
  });

  it('offers its clear button only while it holds text, and the button empties it', async () => {
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'Clear the search' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'zombie');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear the search' })).not.toBeInTheDocument();
  });

  it('disables the field itself, not only its look', () => {
    render(<PlainInput aria-label="Command" value="" onChange={() => undefined} disabled />);
    expect(screen.getByRole('textbox', { name: 'Command' })).toBeDisabled();
  });
});

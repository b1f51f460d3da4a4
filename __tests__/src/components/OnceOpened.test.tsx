import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { OnceOpened } from '../../../src/components/OnceOpened';

let loads = 0;
const Dialog = lazy(async () => {
  loads += 1;
  return { default: ({ open }: { open: boolean }) => <div role="dialog" aria-label="Create" data-open={String(open)} /> };
});

describe('OnceOpened', () => {
  it('loads nothing until the dialog first opens, then keeps it mounted while closed', async () => {
    const view = (open: boolean) => (
      <OnceOpened open={open}>
        <Dialog open={open} />
      </OnceOpened>
    );
    const { rerender } = render(view(false));
    expect(loads).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(view(true));
    expect(await screen.findByRole('dialog', { name: 'Create' })).toHaveAttribute('data-open', 'true');
    rerender(view(false));
    // Still there, told it is closed (antd plays its closing animation, then hides it).
    expect(screen.getByRole('dialog', { name: 'Create' })).toHaveAttribute('data-open', 'false');
    rerender(view(true));
    expect(loads).toBe(1);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlainTabs } from '../../../src/components/PlainTabs';

function Harness({ onChange }: { onChange?: (key: string) => void }) {
  const [active, setActive] = useState('props');
  return (
    <PlainTabs
      activeKey={active}
      onChange={(key) => {
        onChange?.(key);
        setActive(key);
      }}
      items={[
        { key: 'props', label: 'Server properties', children: <p>motd=Hello</p> },
        { key: 'eula', label: 'EULA', children: <p>eula=false</p> },
        { key: 'ops', label: 'Operators', children: <p>[]</p> },
      ]}
    />
  );
}

describe('PlainTabs', () => {
  it('shows only the chosen tab’s content, in a panel named by its tab', async () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'Server properties' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Server properties' })).toHaveTextContent('motd=Hello');
    expect(screen.queryByText('eula=false')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'EULA' }));
    expect(screen.getByRole('tabpanel', { name: 'EULA' })).toHaveTextContent('eula=false');
    expect(screen.getByRole('tab', { name: 'Server properties' })).toHaveAttribute('aria-selected', 'false');
  });

  it('moves focus with the arrow keys, Home and End, and opens the focused tab with Enter', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Server properties' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Operators' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'EULA' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('eula');
    expect(screen.getByRole('tab', { name: 'EULA' })).toHaveAttribute('aria-selected', 'true');
  });

  it('does not ask to open the tab that is already shown', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Server properties' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

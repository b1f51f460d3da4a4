import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PermissionPicker } from '../../../../src/features/sharing/PermissionPicker';
import { renderWithProviders } from '../../renderWithProviders';
import type { PermissionGroup } from '../../../../src/features/sharing/sharingTypes';
import { permissionGroups } from './sharingFixtures';

/** An area whose keys nothing checks yet (as GET /permissions marks it). */
const scheduleArea: PermissionGroup = {
  group: 'schedule',
  description: 'Manage scheduled tasks.',
  keys: [{ key: 'schedule.read', description: 'See schedules and their history.' }],
  available: false,
};

/** The picker in a form-like owner that keeps the value and reports each change. */
function Harness({ initial, grantable, groups = permissionGroups, onChange }: { initial: string[]; grantable?: string[]; groups?: PermissionGroup[]; onChange: (keys: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionPicker
      groups={groups}
      value={value}
      grantable={grantable}
      onChange={(keys) => {
        setValue(keys);
        onChange(keys);
      }}
    />
  );
}

describe('the permission picker', () => {
  it('groups keys by area with translated titles and plain-language descriptions', () => {
    renderWithProviders(<Harness initial={['control.console']} onChange={jest.fn()} />);
    const area = screen.getByRole('group', { name: 'Console and power' });
    expect(within(area).getByText('Control the power state of the server and send console commands.')).toBeInTheDocument();
    expect(screen.getByText('Manage the files of the server.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Send commands to the server console.' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Start the server when it is stopped.' })).not.toBeChecked();
  });

  it('ticks a whole area at once and keeps the registry order', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Harness initial={['user.read']} onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'All of Files' }));
    expect(onChange).toHaveBeenLastCalledWith(['file.read', 'file.update', 'user.read']);
    await user.click(screen.getByRole('checkbox', { name: 'Change, rename, move and copy files.' }));
    expect(onChange).toHaveBeenLastCalledWith(['file.read', 'user.read']);
  });

  it('never lets the caller grant a key they do not hold', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Harness initial={[]} grantable={['file.read']} onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('checkbox', { name: 'Change, rename, move and copy files.' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'All of Console and power' })).toBeDisabled();
    // The area's box ticks only what the caller may give.
    await user.click(screen.getByRole('checkbox', { name: 'All of Files' }));
    expect(onChange).toHaveBeenLastCalledWith(['file.read']);
  });

  it('shows only the areas that work yet, and keeps the keys of the others that are already held', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Harness initial={['schedule.read', 'user.read']} groups={[...permissionGroups, scheduleArea]} onChange={onChange} />);
    expect(screen.queryByText('Manage scheduled tasks.')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'See schedules and their history.' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Console and power' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('checkbox', { name: 'All of Files' }));
    expect(onChange).toHaveBeenLastCalledWith(['file.read', 'file.update', 'user.read', 'schedule.read']);
  });

  it('shows an area as soon as it works', () => {
    renderWithProviders(<Harness initial={[]} groups={[...permissionGroups, { ...scheduleArea, available: true }]} onChange={jest.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'See schedules and their history.' })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BanForm } from '../../../../src/features/players/forms/BanForm';
import { IpBanForm } from '../../../../src/features/players/forms/IpBanForm';
import { KickForm } from '../../../../src/features/players/forms/KickForm';
import { NameForm } from '../../../../src/features/players/forms/NameForm';
import { OpForm } from '../../../../src/features/players/forms/OpForm';
import { renderWithProviders } from '../../renderWithProviders';

const until = () => screen.getByLabelText('Until (empty: for good)') as HTMLInputElement;

describe('the ban form', () => {
  it('sends the name, the reason and the end as an ISO instant of the local time picked, then empties itself', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<BanForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Griefer');
    await user.type(screen.getByLabelText('Reason'), '  Burnt the village ');
    fireEvent.change(until(), { target: { value: '2030-01-02T03:04' } });
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(onSubmit).toHaveBeenCalledWith('Griefer', 'Burnt the village', new Date(2030, 0, 2, 3, 4).toISOString());
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Reason')).toHaveValue('');
    expect(until()).toHaveValue('');
  });

  it('bans for good when the end is left empty, and keeps what was typed when the ban fails', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(false);
    renderWithProviders(<BanForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Griefer');
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(onSubmit).toHaveBeenCalledWith('Griefer', '', null);
    expect(screen.getByLabelText('Name')).toHaveValue('Griefer');
  });

  it('asks for a name the game accepts before sending anything', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<BanForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Name'), 'no spaces');
    expect(screen.getByRole('alert')).toHaveTextContent('3 to 16 letters, digits or _');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Good_Name');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not take a half-typed end for a ban for good', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<BanForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Griefer');
    // What the browser reports while only part of the date is typed: an empty value, and bad input.
    Object.defineProperty(until(), 'validity', { configurable: true, value: { badInput: true } });
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the whole date and time, or none for a ban for good');
    expect(until()).toHaveAttribute('aria-invalid', 'true');

    // Finished: the message goes, and the ban has its end.
    Object.defineProperty(until(), 'validity', { configurable: true, value: { badInput: false } });
    fireEvent.change(until(), { target: { value: '2030-01-02T03:04' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ban' }));
    expect(onSubmit).toHaveBeenCalledWith('Griefer', '', new Date(2030, 0, 2, 3, 4).toISOString());
  });
});

describe('the operator form', () => {
  it('makes a player operator at level 4 unless another level is given, kept between 1 and 4', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<OpForm onSubmit={onSubmit} />);
    const level = screen.getByLabelText('Level');
    expect(level).toHaveValue(4);
    await user.type(screen.getByLabelText('Name'), 'Builder');
    await user.click(screen.getByRole('button', { name: 'Make operator' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Builder', 4);

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    await user.type(screen.getByLabelText('Name'), 'Helper');
    await user.clear(level);
    await user.type(level, '9');
    await user.tab();
    expect(level).toHaveValue(4);
    await user.clear(level);
    await user.type(level, '2');
    await user.click(screen.getByRole('button', { name: 'Make operator' }));
    expect(onSubmit).toHaveBeenLastCalledWith('Helper', 2);
  });

  it('asks for a level when the field is emptied', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<OpForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Builder');
    await user.clear(screen.getByLabelText('Level'));
    await user.click(screen.getByRole('button', { name: 'Make operator' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('the whitelist and address forms', () => {
  it('adds a checked name to the whitelist', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<NameForm label="Add to the whitelist" onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'ab');
    expect(screen.getByRole('alert')).toHaveTextContent('3 to 16 letters, digits or _');
    await user.type(screen.getByLabelText('Name'), 'c{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('abc');
  });

  it('bans an address only when one is given, trimmed', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithProviders(<IpBanForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Ban address' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    await user.type(screen.getByLabelText('IP address'), ' 203.0.113.7 ');
    await user.type(screen.getByLabelText('Reason'), 'Bots');
    await user.click(screen.getByRole('button', { name: 'Ban address' }));
    expect(onSubmit).toHaveBeenCalledWith('203.0.113.7', 'Bots');
  });

  it('kicks with the reason typed in the row', async () => {
    const user = userEvent.setup();
    const onKick = jest.fn().mockResolvedValue(true);
    const { container } = renderWithProviders(<KickForm name="Tester" onKick={onKick} />);
    await user.type(within(container).getByRole('textbox', { name: 'Reason to kick Tester' }), ' Dinner time ');
    await user.click(screen.getByRole('button', { name: 'Kick' }));
    expect(onKick).toHaveBeenCalledWith('Dinner time');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { PlainSelect } from '../../../src/components/PlainSelect';
import { renderWithProviders } from '../renderWithProviders';

const minutes = [
  { value: 0, label: 'Off' },
  { value: 5, label: '5 minutes' },
  { value: 30, label: '30 minutes' },
];

function Minutes({ onChange, initial, disabled }: { onChange: (value: number) => void; initial?: number; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <PlainSelect
      aria-label="Stop after"
      placeholder="Choose a delay"
      disabled={disabled}
      value={value}
      options={minutes}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function People({ onChange }: { onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState<string | undefined>('u-2');
  return (
    <PlainSelect
      aria-label="Person"
      allowClear
      placeholder="Everyone"
      value={value}
      options={[
        { value: 'u-1', label: 'alex' },
        { value: 'u-2', label: 'sam' },
      ]}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('PlainSelect', () => {
  it('hands back the chosen option’s own value, a number for numbers', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Minutes onChange={onChange} initial={5} />);
    const select = screen.getByRole('combobox', { name: 'Stop after' });
    expect(select).toHaveDisplayValue('5 minutes');
    await userEvent.selectOptions(select, '30 minutes');
    expect(onChange).toHaveBeenLastCalledWith(30);
    await userEvent.selectOptions(select, 'Off');
    // 0 is a choice like any other, not "nothing chosen".
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(select).toHaveDisplayValue('Off');
  });

  it('shows its placeholder while nothing is chosen, and the placeholder cannot be chosen back', async () => {
    const onChange = jest.fn();
    renderWithProviders(<Minutes onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Stop after' });
    expect(select).toHaveDisplayValue('Choose a delay');
    const placeholder = screen.getByText('Choose a delay', { selector: 'option' });
    expect(placeholder).toBeDisabled();
    await userEvent.selectOptions(select, '5 minutes');
    expect(onChange).toHaveBeenCalledWith(5);
    expect(select).toHaveDisplayValue('5 minutes');
  });

  it('is disabled as a whole when asked', () => {
    renderWithProviders(<Minutes onChange={jest.fn()} initial={5} disabled />);
    expect(screen.getByRole('combobox', { name: 'Stop after' })).toBeDisabled();
  });

  it('clears with a labelled button that gives undefined and leaves the keyboard on the select', async () => {
    const onChange = jest.fn();
    renderWithProviders(<People onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Person' });
    expect(select).toHaveDisplayValue('sam');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the choice' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(select).toHaveDisplayValue('Everyone');
    expect(select).toHaveFocus();
    // Nothing left to clear.
    expect(screen.queryByRole('button', { name: 'Clear the choice' })).not.toBeInTheDocument();
  });

  it('shows the error border from its status', () => {
    renderWithProviders(<PlainSelect aria-label="Zone" status="error" options={[{ value: 'a', label: 'a' }]} />);
    expect(screen.getByRole('combobox', { name: 'Zone' }).closest('.panel-select')).toHaveAttribute('data-status', 'error');
  });

  it('works as a Form.Item’s control: its label, its value, its validation error', async () => {
    const onFinish = jest.fn();
    renderWithProviders(
      <Form onFinish={onFinish}>
        <Form.Item name="minutes" label="Stop after" rules={[{ required: true, message: 'Choose a delay.' }]}>
          <PlainSelect placeholder="Choose" options={minutes} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    const select = screen.getByRole('combobox', { name: 'Stop after' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a delay.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', expect.stringContaining('minutes_help'));
    // The item in error draws the select's border in the error colour (see the stylesheet).
    expect(select.closest('.ant-form-item-has-error')).not.toBeNull();
    expect(onFinish).not.toHaveBeenCalled();

    await userEvent.selectOptions(select, '30 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ minutes: 30 }));
    expect(select).not.toHaveAttribute('aria-invalid');
  });
});

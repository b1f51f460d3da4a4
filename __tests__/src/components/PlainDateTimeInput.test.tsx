import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PlainDateTimeInput, isIncompleteDateTime, localDateTimeToIso, toLocalDateTimeValue } from '../../../src/components/PlainDateTimeInput';

function Harness({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PlainDateTimeInput
      aria-label="Until"
      value={value}
      min={new Date(2030, 0, 2, 3, 4, 59)}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('PlainDateTimeInput', () => {
  it('writes a moment as the native field holds it: local date and time, to the minute', () => {
    expect(toLocalDateTimeValue(new Date(2030, 0, 2, 3, 4, 59))).toBe('2030-01-02T03:04');
    expect(toLocalDateTimeValue(new Date(2031, 11, 31, 23, 59))).toBe('2031-12-31T23:59');
  });

  it('reads the field’s local date and time as the ISO instant the API takes', () => {
    expect(localDateTimeToIso('2030-01-02T03:04')).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(localDateTimeToIso('2030-01-02T03:04:05')).toBe(new Date(2030, 0, 2, 3, 4, 5).toISOString());
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('not a date')).toBeNull();
  });

  it('gives back the same minute after a round trip through the field’s text', () => {
    const moment = new Date(2030, 5, 15, 18, 30);
    expect(localDateTimeToIso(toLocalDateTimeValue(moment))).toBe(moment.toISOString());
  });

  it('is a native date-time field that reports what is picked and offers nothing before its minimum', () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    const field = screen.getByLabelText('Until');
    expect(field).toHaveAttribute('type', 'datetime-local');
    expect(field).toHaveAttribute('min', '2030-01-02T03:04');
    fireEvent.change(field, { target: { value: '2030-02-03T04:05' } });
    expect(onValue).toHaveBeenLastCalledWith('2030-02-03T04:05');
    expect(field).toHaveValue('2030-02-03T04:05');
  });

  it('tells a half-typed date (the browser’s bad input) from an empty field', () => {
    render(<PlainDateTimeInput aria-label="Until" value="" onChange={() => undefined} />);
    const field = screen.getByLabelText('Until') as HTMLInputElement;
    expect(isIncompleteDateTime(field)).toBe(false);
    Object.defineProperty(field, 'validity', { value: { badInput: true } });
    expect(isIncompleteDateTime(field)).toBe(true);
    expect(isIncompleteDateTime(null)).toBe(false);
  });
});

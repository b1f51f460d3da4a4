import { PlainInput, type PlainInputProps } from './PlainInput';

/** Props of {@link PlainDateTimeInput}: a {@link PlainInput}'s, with the value as the native field holds it. */
export interface PlainDateTimeInputProps extends Omit<PlainInputProps, 'type' | 'value' | 'onChange' | 'min'> {
  /** The local date and time as `YYYY-MM-DDTHH:mm` (seconds optional), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest time it offers; the browser's own picker greys out what is before. */
  min?: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as the native field writes it: the date and time in the browser's time zone, to the minute. */
export function toLocalDateTimeValue(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/**
 * The field's value as an ISO 8601 instant (UTC), what the API takes; null when empty or not a
 * date. A date and time without a zone is local time (ECMAScript), as the user meant it.
 */
export function localDateTimeToIso(value: string): string | null {
  if (value === '') return null;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/**
 * A date-and-time field in antd's look: the browser's own `datetime-local` input in a
 * {@link PlainInput} frame. It takes the place of antd's DatePicker, whose calendar, time panels
 * and date library weigh more than the page holding them; phones show their own wheel for it.
 *
 * While the user has typed only part of a date the native value is '' and `validity.badInput` is
 * set: a form should check that (see {@link isIncompleteDateTime}) before taking '' as "none".
 */
export function PlainDateTimeInput({ value, onChange, min, ...props }: PlainDateTimeInputProps) {
  return <PlainInput {...props} type="datetime-local" value={value} min={min ? toLocalDateTimeValue(min) : undefined} onChange={(event) => onChange(event.target.value)} />;
}

/** Whether the field holds a date and time the user has not finished typing. */
export function isIncompleteDateTime(input: HTMLInputElement | null): boolean {
  return input?.validity.badInput === true;
}

import { Select } from 'antd';
import { useMemo } from 'react';

/** Props of {@link TimezoneSelect}; `value` and `onChange` come from the Form.Item. */
export interface TimezoneSelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  'aria-label'?: string;
}

/** The browser's own zone: what a new schedule starts with. */
export const browserTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let zones: string[] | null = null;

/** Every IANA zone the browser knows (the server accepts the same names), UTC included. */
function allZones(): string[] {
  if (zones) return zones;
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  zones = known.includes('UTC') ? known : ['UTC', ...known];
  return zones;
}

/** "UTC+02:00" for a zone right now, so a customer can find theirs by its offset too. */
function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName');
    return part?.value.replace(/^GMT$/, 'GMT+00:00').replace('GMT', 'UTC') ?? '';
  } catch {
    return '';
  }
}

/**
 * A searchable list of time zones instead of free text: a typo can no longer make a schedule run
 * at the wrong hour. A zone the list lacks (kept from an older schedule) stays selectable.
 */
export function TimezoneSelect({ id, value, onChange, 'aria-label': ariaLabel }: TimezoneSelectProps) {
  const options = useMemo(() => {
    const now = new Date();
    const list = value && !allZones().includes(value) ? [value, ...allZones()] : allZones();
    return list.map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone, now)})` }));
  }, [value]);
  return <Select id={id} aria-label={ariaLabel} showSearch={{ optionFilterProp: 'label' }} options={options} value={value} onChange={onChange} virtual style={{ width: '100%' }} />;
}

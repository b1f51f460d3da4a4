import { useState, type FormEvent } from 'react';

/**
 * State of a light form: the values on submit (read from the form element, so the inputs stay
 * uncontrolled) and the form's own "required" messages per field.
 */
export function useLightForm<F extends string>(fields: readonly F[], requiredMessage: string) {
  const [missing, setMissing] = useState<Partial<Record<F, string[]>>>({});

  /** Wraps a submit handler: stops the page load, checks required fields, then calls `onValid`. */
  const handleSubmit = (required: readonly F[], onValid: (values: Record<F, string>, form: HTMLFormElement) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? '')])) as Record<F, string>;
    const empty = required.filter((field) => values[field].trim() === '');
    setMissing(Object.fromEntries(empty.map((field) => [field, [requiredMessage]])) as Partial<Record<F, string[]>>);
    if (empty.length === 0) onValid(values, event.currentTarget);
  };

  /** The form's own messages for a field, followed by the server's. */
  const messagesFor = (field: F, server: readonly string[]): string[] => [...(missing[field] ?? []), ...server];

  return { handleSubmit, messagesFor };
}

import type { ReactNode } from 'react';
import { FieldErrors } from '../FieldErrors';

/** Props of {@link Field}. */
export interface FieldProps {
  /** The control's id; the label points at it and the messages are `${id}-errors`. */
  id: string;
  label: string;
  /** Messages for this field: the form's own checks and the server's. */
  messages: readonly string[];
  children: ReactNode;
}

/** A labelled form field with its own list of messages under it. */
export function Field({ id, label, messages, children }: FieldProps) {
  return (
    <div className="panel-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <div id={`${id}-errors`} className="panel-field-errors">
        <FieldErrors messages={messages} label={label} />
      </div>
    </div>
  );
}

/** The accessibility props a control inside {@link Field} needs. */
export function fieldControlProps(id: string, messages: readonly string[]) {
  const invalid = messages.length > 0;
  return { id, name: id, 'aria-invalid': invalid, 'aria-describedby': invalid ? `${id}-errors` : undefined };
}

import { theme } from 'antd';
import { useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useFormFieldErrors, useFormValidation } from '../../../core/validation/useFormFieldErrors';

const css = `
.players-form{display:flex;flex-wrap:wrap;align-items:flex-start;gap:8px 16px;margin-bottom:12px}
.players-form-item{display:flex;flex-wrap:wrap;align-items:flex-start;gap:0 8px;max-width:100%}
.players-form-item>label{line-height:32px;white-space:nowrap}
.players-form-item>label[data-required]::before{content:'*' / '';margin-inline-end:4px;color:var(--players-form-error);font-family:SimSun,sans-serif}
.players-form-item>label::after{content:':' / '';margin-inline-start:2px}
.players-form-control{display:flex;flex-direction:column;min-width:0}
.players-form-error{color:var(--players-form-error);line-height:1.5715}
`;

/** Props of {@link InlineForm}. */
export interface InlineFormProps {
  /** Names the form for assistive technology and the tests. */
  name: string;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A row of labelled fields and a button, in the look of antd's inline Form. The players' forms
 * check their few fields themselves: antd's Form and Input, with its date picker, were a third of
 * the page's code.
 */
export function InlineForm({ name, onSubmit, children }: InlineFormProps) {
  const { token } = theme.useToken();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    // The form's own checks speak for it (as antd's did), not the browser's bubbles.
    <form name={name} noValidate className="players-form" style={{ '--players-form-error': token.colorError, fontSize: token.fontSize } as CSSProperties} onSubmit={submit}>
      <style href="players-form" precedence="default">
        {css}
      </style>
      {children}
    </form>
  );
}

/** Props of {@link InlineField}. */
export interface InlineFieldProps {
  /** The control's id: the label points at it, its message is `${id}-error`. */
  id: string;
  label: string;
  required?: boolean;
  /** The field's message, shown under it; null when it is fine. */
  error: string | null;
  children: ReactNode;
}

/** A label, its control and the control's message under it. */
export function InlineField({ id, label, required = false, error, children }: InlineFieldProps) {
  return (
    <div className="players-form-item">
      <label htmlFor={id} data-required={required || undefined}>
        {label}
      </label>
      <div className="players-form-control">
        {children}
        {error && (
          <div id={`${id}-error`} className="players-form-error" role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

/** The accessibility props of a control inside {@link InlineField}. */
export function inlineControlProps(id: string, error: string | null, required = false) {
  return { id, 'aria-invalid': error !== null, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': required || undefined };
}

/** Where the server's messages for a field come from: the form's name and the field's name in the request. */
export interface ServerField {
  form: string;
  field: string;
}

/**
 * One field's text and its check. As with antd's Form, the message shows once the field was
 * changed or a submit was tried, and follows each keystroke from then on. With `server`, the
 * server's messages for the field (a 422 to this form) show under it too, until its value changes.
 */
export function useCheckedField(initial: string, check: (value: string) => string | null = () => null, server?: ServerField) {
  const [value, setValue] = useState(initial);
  const [checked, setChecked] = useState(false);
  const serverMessages = useFormFieldErrors(server?.form ?? '', server?.field ?? '');
  const { edited } = useFormValidation(server?.form ?? '');
  const serverError = server && serverMessages.length > 0 ? serverMessages.join(' ') : null;
  return {
    value,
    error: (checked ? check(value) : null) ?? serverError,
    change: (next: string) => {
      setValue(next);
      setChecked(true);
      if (server) edited(server.field);
    },
    /** Shows its message, if any; true when the value passes. */
    validate: () => {
      setChecked(true);
      return check(value) === null;
    },
    reset: () => {
      setValue(initial);
      setChecked(false);
    },
  };
}

/** Validates every field (so each shows its message) and tells whether all pass. */
export function validateAll(fields: readonly { validate: () => boolean }[]): boolean {
  return fields.map((field) => field.validate()).every(Boolean);
}

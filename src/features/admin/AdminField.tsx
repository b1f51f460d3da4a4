import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { useFieldErrors } from '../../core/validation/useFieldErrors';

/** A form field of the admin area: its label, "required" when it is, and the server's 422 messages under it. */
export function AdminField({
  name,
  label,
  required,
  initialValue,
  errorField = name,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  initialValue?: unknown;
  /** The field the server names in its 422 when it differs from the form's (`tls.ca`). */
  errorField?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const errors = useFieldErrors(errorField);
  return (
    <Form.Item
      name={name}
      label={label}
      initialValue={initialValue}
      rules={required ? [{ required: true, message: t('validation.required', 'This field is required') }] : undefined}
      {...fieldErrorProps(errors, label)}
    >
      {children}
    </Form.Item>
  );
}

import { Form } from 'antd';
import type { ReactNode } from 'react';
import { fieldErrorProps } from '../../../components/fieldErrorProps';
import { useFieldErrors } from '../../../core/validation/useFieldErrors';

/** A field of the order form with the server's 422 messages for it under it. */
export function OrderField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  const errors = useFieldErrors(name);
  return (
    <Form.Item name={name} label={label} {...fieldErrorProps(errors, label)}>
      {children}
    </Form.Item>
  );
}

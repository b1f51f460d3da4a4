import type { FormItemProps } from 'antd';
import { FieldErrors } from './FieldErrors';

/**
 * Form.Item props that show the server's messages for one field under it, in the error colour.
 * With no messages it returns nothing, so the form's own checks still show their texts.
 */
export function fieldErrorProps(messages: readonly string[], label: string): Pick<FormItemProps, 'help' | 'validateStatus'> {
  if (messages.length === 0) return {};
  return { validateStatus: 'error', help: <FieldErrors messages={messages} label={label} /> };
}

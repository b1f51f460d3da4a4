import { useTranslation } from 'react-i18next';

/** Props of {@link FieldErrors}. */
export interface FieldErrorsProps {
  /** The server's messages for one field (from `useFieldErrors(field)`). */
  messages: readonly string[];
  /** The field's visible label; names the list for assistive technology. */
  label: string;
}

/**
 * The list of server messages for one form field. Renders nothing when there are none, so it can
 * be passed straight to a Form.Item's `help`.
 */
export function FieldErrors({ messages, label }: FieldErrorsProps) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <ul aria-label={t('validation.fieldErrors', 'Problems with {{field}}', { field: label })} style={{ margin: 0, paddingInlineStart: 18 }}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

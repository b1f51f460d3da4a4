import { Form, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigField } from '../../api/config';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { ConfigFieldInput } from './ConfigFieldInput';
import { useConfigFieldErrors } from './configFormScope';

/** Props of {@link ConfigFieldItem}. */
export interface ConfigFieldItemProps {
  field: ConfigField;
  /** Translated description (empty for keys nobody describes). */
  description: string;
  readOnly: boolean;
}

function boundsText(field: ConfigField, t: ReturnType<typeof useTranslation>['t']): string | null {
  if ((field.type !== 'integer' && field.type !== 'number') || field.min === undefined || field.max === undefined) return null;
  return t('config.field.bounds', 'From {{min}} to {{max}}', {
    min: field.min,
    max: field.max,
  });
}

/**
 * One key of the file as a form row: the key as the file names it, its input, what it does, the
 * server's messages. Memoised: a row re-renders only when its own props change (its value flows
 * through its Form.Item, not through the props). That alone does not keep the rows still when the
 * form re-renders (antd's Form then gives them a new context), see ConfigForm.
 */
export const ConfigFieldItem = memo(function ConfigFieldItem({ field, description, readOnly }: ConfigFieldItemProps) {
  const { t } = useTranslation();
  const errors = useConfigFieldErrors(field.key);
  const bounds = boundsText(field, t);
  const extra = [
    description,
    bounds,
    field.default !== undefined && field.default !== ''
      ? t('config.field.default', 'Default: {{value}}', {
          value: field.default,
        })
      : null,
    field.managed ? t('config.field.managed', 'The panel sets this before every start, from your server’s address, ports or startup settings, so it cannot be changed here.') : null,
  ].filter(Boolean);
  return (
    <Form.Item name={field.key} label={<Typography.Text code>{field.key}</Typography.Text>} extra={extra.length > 0 ? extra.join(' · ') : undefined} {...fieldErrorProps(errors, field.key)}>
      <ConfigFieldInput field={field} disabled={readOnly || field.managed} />
    </Form.Item>
  );
});

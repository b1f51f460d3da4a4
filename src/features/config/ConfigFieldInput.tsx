import { Input, Switch } from 'antd';
import type { ConfigField } from '../../api/config';
import { PlainSelect } from '../../components/PlainSelect';

/** Props of {@link ConfigFieldInput}; `value` and `onChange` come from the Form.Item. */
export interface ConfigFieldInputProps {
  field: ConfigField;
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * The input of one config key by its type: a switch for booleans, a select for enums, text for
 * the rest. Numbers are typed as text: the server checks bounds and says what is wrong, instead of
 * the input silently clamping what the customer typed.
 */
export function ConfigFieldInput({ field, value = '', onChange, ...rest }: ConfigFieldInputProps) {
  switch (field.type) {
    case 'boolean':
      return <Switch {...rest} checked={value.toLowerCase() === 'true'} onChange={(checked) => onChange?.(String(checked))} />;
    case 'enum': {
      const options = field.options ?? [];
      // A value the game also reads (a legacy id) stays selectable as it is in the file.
      const all = options.some((option) => option.toLowerCase() === value.toLowerCase()) ? options : [value, ...options];
      return <PlainSelect {...rest} value={value} onChange={(next) => onChange?.(next)} options={all.map((option) => ({ value: option, label: option }))} style={{ minWidth: 200 }} />;
    }
    case 'integer':
    case 'number':
      return <Input {...rest} inputMode={field.type === 'number' ? 'decimal' : 'numeric'} value={value} onChange={(event) => onChange?.(event.target.value)} style={{ maxWidth: 240 }} />;
    default:
      return field.secret ? (
        <Input.Password {...rest} value={value} onChange={(event) => onChange?.(event.target.value)} autoComplete="off" />
      ) : (
        <Input {...rest} value={value} onChange={(event) => onChange?.(event.target.value)} spellCheck={false} />
      );
  }
}

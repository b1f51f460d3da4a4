import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import type { ChangeEvent, CSSProperties, FocusEventHandler, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { plainFieldFrame } from './plainFieldFrame';
import { usePanelToken } from '../themes/themeTokens';

/** A choice of {@link PlainSelect}: its value keeps its type (a number stays a number). */
export interface PlainSelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

interface PlainSelectBase<V extends string | number> {
  options: readonly PlainSelectOption<V>[];
  value?: V | null;
  /** Shown, greyed, while nothing is chosen; it cannot be chosen back. */
  placeholder?: string;
  disabled?: boolean;
  /** The error or warning border (a Form.Item with an error gives it by itself). */
  status?: 'error' | 'warning' | '';
  /** 24 px high, like antd's small controls. */
  size?: 'small' | 'middle';
  /** Style of the frame (width). */
  style?: CSSProperties;
  id?: string;
  name?: string;
  autoFocus?: boolean;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  onFocus?: FocusEventHandler<HTMLSelectElement>;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
}

/** With `allowClear`, a button empties the choice, and `onChange` then receives `undefined`. */
export type PlainSelectProps<V extends string | number> = PlainSelectBase<V> &
  ({ allowClear?: false; onChange?: (value: V) => void } | { allowClear: true; onChange?: (value: V | undefined) => void });

const css = `
.panel-select{position:relative;display:inline-flex;box-sizing:border-box;min-width:0;max-width:100%;vertical-align:middle;color:var(--panel-input-colour)}
.ant-form-item .panel-select{width:100%}
.panel-select select{flex:1;appearance:none;box-sizing:border-box;min-width:0;height:32px;margin:0;padding-block:0;padding-inline:11px 30px;
  font:inherit;color:inherit;text-overflow:ellipsis;border:1px solid var(--panel-input-border);border-radius:var(--panel-input-radius);
  background:var(--panel-input-fill);cursor:pointer;transition:border-color .2s}
.panel-select[data-small] select{height:24px;padding-inline-start:7px;border-radius:4px}
.panel-select[data-clearable] select{padding-inline-end:54px}
.panel-select option{background:var(--panel-input-fill);color:var(--panel-input-colour)}
.panel-select select[data-empty]{color:var(--panel-placeholder,var(--panel-input-quiet))}
.panel-select select:hover:not(:disabled){border-color:var(--panel-input-hover)}
.panel-select select:focus{border-color:var(--panel-focus,#8ab4ff)}
.panel-select select:focus-visible{outline:2px solid var(--panel-focus,#8ab4ff)!important;outline-offset:1px}
.panel-select[data-status=warning] select,.ant-form-item-has-warning .panel-select select{border-color:var(--panel-input-warning)}
.panel-select[data-status=error] select,.panel-select select[aria-invalid=true],.ant-form-item-has-error .panel-select select{border-color:var(--panel-input-error)}
.panel-select select:disabled{opacity:.6;cursor:not-allowed}
.panel-select-arrow{position:absolute;inset-inline-end:11px;top:50%;transform:translateY(-50%);font-size:12px;color:var(--panel-input-quiet);pointer-events:none}
.panel-select-clear{position:absolute;inset-inline-end:26px;top:50%;transform:translateY(-50%);display:inline-flex;padding:6px;border:0;border-radius:4px;
  background:none;color:var(--panel-input-quiet);cursor:pointer}
.panel-select-clear:hover{color:var(--panel-input-colour)}
`;

/**
 * A choice in the look of antd's Select, as a native select: the keyboard, type-to-find and
 * screen readers get the browser's own behaviour, and pages do not carry antd's Select and its
 * virtual list (about 22 KB gzip). It drops into a Form.Item: the id, value, onChange and aria
 * attributes the item injects reach the select, and an item in error gives it the error border.
 */
export function PlainSelect<V extends string | number>(props: PlainSelectProps<V>) {
  const { options, value, placeholder, disabled, status, size, style, allowClear, onChange, ...selectProps } = props;
  const token = usePanelToken();
  const { t } = useTranslation();
  const empty = value === undefined || value === null || !options.some((option) => option.value === value);
  // Both kinds of onChange take the chosen value; only the clearable one is ever given undefined.
  const change = onChange as ((value: V | undefined) => void) | undefined;
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    // The DOM holds every value as text: hand back the option's own value, of its own type.
    const chosen = options.find((option) => String(option.value) === event.target.value);
    if (chosen) change?.(chosen.value);
  };
  const clearable = allowClear && !disabled && !empty;
  const clear = (event: MouseEvent<HTMLButtonElement>) => {
    // The button goes with the choice: the keyboard stays on the select rather than on the page.
    event.currentTarget.parentElement?.querySelector('select')?.focus();
    change?.(undefined);
  };
  return (
    <span className="panel-select" style={{ ...plainFieldFrame(token), ...style }} data-status={status || undefined} data-small={size === 'small' || undefined} data-clearable={clearable || undefined}>
      <style href="panel-select" precedence="default">
        {css}
      </style>
      <select {...selectProps} value={empty ? '' : String(value)} disabled={disabled} onChange={choose} data-empty={empty || undefined}>
        {empty || placeholder ? (
          <option value="" disabled hidden>
            {placeholder ?? ''}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {clearable ? (
        <button type="button" className="panel-select-clear" aria-label={t('form.clearChoice', 'Clear the choice')} onClick={clear}>
          <CloseCircleFilled aria-hidden="true" />
        </button>
      ) : null}
      <DownOutlined className="panel-select-arrow" aria-hidden="true" />
    </span>
  );
}

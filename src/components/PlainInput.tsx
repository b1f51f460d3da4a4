import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import type { CSSProperties, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { plainFieldFrame } from './plainFieldFrame';
import { PlainIcon } from './PlainIcon';
import { usePanelToken } from '../themes/themeTokens';

/** Props of {@link PlainInput}: a native input's, plus what sits around it. */
export interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'style' | 'size'> {
  /** antd's sizes: `small` is 24 px high, as in a table row. */
  size?: 'small' | 'middle';
  /** The native input (to read its validity, or focus it). */
  ref?: Ref<HTMLInputElement>;
  /** Shown before the text (an icon). */
  prefix?: ReactNode;
  /** Shown after the text (a count). */
  suffix?: ReactNode;
  /** When given, a button that empties the field shows while it holds text; its accessible name. */
  clearLabel?: string;
  onClear?: () => void;
  /** Its end edge is square, for a button joined to it. */
  joined?: boolean;
  /** Style of the frame (width, background). */
  style?: CSSProperties;
  /** Style of the text field itself (font). */
  inputStyle?: CSSProperties;
}

const css = `
.panel-input{display:inline-flex;align-items:center;gap:4px;box-sizing:border-box;min-width:0;min-height:32px;padding:0 11px;
  border:1px solid var(--panel-input-border);border-radius:var(--panel-input-radius);background:var(--panel-input-bg,var(--panel-input-fill));
  color:var(--panel-input-text,var(--panel-input-colour));transition:border-color .2s}
.panel-input:hover{border-color:var(--panel-input-hover)}
.panel-input:focus-within{outline:2px solid var(--panel-focus,#8ab4ff)!important;outline-offset:1px;border-color:var(--panel-focus,#8ab4ff)}
.panel-input[data-size=small]{min-height:24px;padding:0 7px}
.panel-input[data-size=small] input{height:22px}
.panel-input:has(input[aria-invalid=true]){border-color:var(--panel-input-error)}
.panel-input[data-joined]{border-start-end-radius:0;border-end-end-radius:0}
.panel-input[data-disabled]{opacity:.6;cursor:not-allowed}
.panel-input input{flex:1;min-width:0;height:30px;padding:0;border:0;background:none;color:inherit;font:inherit}
.panel-input input:focus-visible{outline:none!important}
.panel-input input::-webkit-search-cancel-button{display:none}
.panel-input input::placeholder{color:var(--panel-placeholder,var(--panel-input-quiet));opacity:1}
.panel-input-clear{display:inline-flex;padding:6px;margin:-6px;border:0;background:none;color:var(--panel-input-quiet);cursor:pointer}
.panel-input-clear:hover{color:inherit}
`;

/** Style of the button joined to the end of a `joined` field: square where they meet, sharing its border. */
export const joinedButtonStyle: CSSProperties = { borderStartStartRadius: 0, borderEndStartRadius: 0, marginInlineStart: -1 };

/**
 * A text field in the look of antd's Input, as a native input in a frame. Pages that need only a
 * plain field (the console's command line and search) use it: antd's Input brings its input
 * library and form context, too heavy for the console's first load.
 */
export function PlainInput({ prefix, suffix, clearLabel, onClear, joined = false, size = 'middle', style, inputStyle, disabled, value, ref, ...inputProps }: PlainInputProps) {
  const token = usePanelToken();
  const frame = { ...plainFieldFrame(token), ...style };
  return (
    <span className="panel-input" style={frame} data-joined={joined || undefined} data-size={size === 'small' ? 'small' : undefined} data-disabled={disabled || undefined}>
      <style href="panel-input" precedence="default">
        {css}
      </style>
      {prefix}
      <input {...inputProps} ref={ref} value={value} disabled={disabled} style={inputStyle} />
      {suffix}
      {clearLabel && onClear && value ? (
        <button type="button" className="panel-input-clear" aria-label={clearLabel} onClick={onClear}>
          <PlainIcon icon={CloseCircleFilled} aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}

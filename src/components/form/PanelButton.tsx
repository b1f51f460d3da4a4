import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { ButtonHTMLAttributes } from 'react';
import { PlainIcon } from '../PlainIcon';

/** Props of {@link PanelButton}. */
export interface PanelButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and blocks further clicks while the request runs. */
  loading?: boolean;
  variant?: 'primary' | 'link';
}

/**
 * A full-width button in the panel's look: the primary action of a form, or a quieter link-like one.
 * Its spinner is drawn from the icon's SVG data and turned by the light form's stylesheet.
 */
export function PanelButton({ loading = false, variant = 'primary', children, disabled, type = 'button', ...props }: PanelButtonProps) {
  return (
    <button {...props} type={type} className={variant === 'link' ? 'panel-button panel-button-link' : 'panel-button'} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? <PlainIcon icon={LoadingOutlined} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The CSS variables the plain fields (PlainInput, PlainSelect) draw their frame with, from the
 * theme's antd tokens: one source for the look both share with antd's inputs.
 */
export function plainFieldFrame(token: GlobalToken): CSSProperties {
  return {
    '--panel-input-border': token.colorBorder,
    '--panel-input-hover': token.colorPrimaryHover,
    '--panel-input-radius': `${token.borderRadius}px`,
    '--panel-input-fill': token.colorBgContainer,
    '--panel-input-colour': token.colorText,
    '--panel-input-quiet': token.colorTextTertiary,
    '--panel-input-error': token.colorError,
    '--panel-input-warning': token.colorWarning,
    fontSize: token.fontSize,
  } as CSSProperties;
}

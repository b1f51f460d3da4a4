import { theme as antdTheme } from 'antd';
import { createContext, useContext } from 'react';

/** antd's design tokens (its alias tokens: colours, sizes, fonts). */
export type PanelToken = ReturnType<typeof antdTheme.getDesignToken>;

/**
 * The antd tokens of the nearest {@link ThemeTokensScope} (null outside one, and inside a
 * ThemeScope, whose ConfigProvider then decides).
 */
export const ThemeTokensContext = createContext<PanelToken | null>(null);

/**
 * The tokens the panel's plain components draw with: those of the nearest ThemeTokensScope, else
 * antd's own (the nearest ConfigProvider's theme).
 */
export function usePanelToken(): PanelToken {
  const scoped = useContext(ThemeTokensContext);
  const { token } = antdTheme.useToken();
  return scoped ?? token;
}

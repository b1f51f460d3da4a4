import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { antdThemeConfig } from './antdThemeConfig';
import type { ThemeName } from './themeNames';
import { themes } from './themes';
import { ThemeTokensContext, type PanelToken } from './themeTokens';
import { ThemeVariablesScope } from './ThemeVariablesScope';

const designTokens = new Map<ThemeName, PanelToken>();

/** antd's tokens of one of the nine themes, worked out once. */
export function themeDesignToken(name: ThemeName): PanelToken {
  let token = designTokens.get(name);
  if (!token) {
    token = antdTheme.getDesignToken(antdThemeConfig(themes[name]));
    designTokens.set(name, token);
  }
  return token;
}

/** Props of {@link ThemeTokensScope}. */
export interface ThemeTokensScopeProps {
  name: ThemeName;
  children: ReactNode;
}

/**
 * Applies one of the nine themes to the panel's plain components inside (their tokens) and to
 * everything's `--panel-*` CSS variables, without antd's ConfigProvider. For a part of a page in
 * another theme than the page's, such as a server's card on the dashboard: a ConfigProvider per
 * theme makes antd work out and insert every component's styles again for that theme, which took
 * the dashboard's first render tens of milliseconds on a slow phone. antd's own components inside
 * keep the page's theme.
 */
export function ThemeTokensScope({ name, children }: ThemeTokensScopeProps) {
  return (
    <ThemeTokensContext.Provider value={themeDesignToken(name)}>
      <ThemeVariablesScope name={name}>{children}</ThemeVariablesScope>
    </ThemeTokensContext.Provider>
  );
}

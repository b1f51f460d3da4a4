import { useLayoutEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { themeCssVariables } from './cssVariables';
import { panelFontFamily } from './panelFontFamily';
import type { ThemeName } from './themeNames';
import { themes } from './themes';

/** Props of {@link ThemeVariablesScope}. */
export interface ThemeVariablesScopeProps {
  name: ThemeName;
  /**
   * Also put the variables on `<html>` and paint the body. Layouts do this, because drawers,
   * modals and notifications render in portals outside the scope's element.
   */
  global?: boolean;
  children: ReactNode;
}

/**
 * Applies one of the nine themes' `--panel-*` CSS variables to everything inside, without antd:
 * the pages every visitor loads first (log in, sign up) are built from plain elements and must not
 * wait for antd's code. {@link ThemeScope} adds antd's configuration around it.
 */
export function ThemeVariablesScope({ name, global = false, children }: ThemeVariablesScopeProps) {
  const theme = themes[name];
  const variables = useMemo(() => themeCssVariables(theme), [theme]);

  useLayoutEffect(() => {
    if (!global) return undefined;
    const root = document.documentElement;
    for (const [property, value] of Object.entries(variables)) root.style.setProperty(property, value);
    root.dataset.panelTheme = name;
    // antd's dark algorithm does not paint the page; without this, overscroll shows white. Plain
    // elements (outside antd components) get the theme's font and text colour from the body.
    const body = document.body.style;
    body.backgroundColor = theme.variables.background;
    body.colorScheme = 'dark';
    body.color = theme.variables.inputText;
    body.fontFamily = panelFontFamily;
    body.fontSize = '14px';
    body.lineHeight = '1.5715';
    body.margin = '0';
    return () => {
      for (const property of Object.keys(variables)) root.style.removeProperty(property);
      delete root.dataset.panelTheme;
    };
  }, [global, name, theme, variables]);

  // display: contents keeps layout untouched while the custom properties still inherit.
  return (
    <div data-panel-theme={name} style={{ display: 'contents', ...variables } as CSSProperties}>
      {children}
    </div>
  );
}

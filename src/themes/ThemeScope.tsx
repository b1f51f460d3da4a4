import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { antdThemeConfig } from './antdThemeConfig';
import type { ThemeName } from './themeNames';
import { themes } from './themes';
import { ThemeVariablesScope } from './ThemeVariablesScope';

/** Props of {@link ThemeScope}. */
export interface ThemeScopeProps {
  name: ThemeName;
  /**
   * Also put the variables on `<html>` and paint the body. Layouts do this, because drawers,
   * modals and notifications render in portals outside the scope's element.
   */
  global?: boolean;
  /** The text direction of antd's components; a nested scope keeps its parent's when not given. */
  direction?: 'ltr' | 'rtl';
  children: ReactNode;
}

/**
 * Applies one of the nine themes to everything inside: antd's ConfigProvider (dark algorithm,
 * tokens, middle-sized inputs, the text direction) and the `--panel-*` CSS variables.
 */
export function ThemeScope({ name, global = false, direction, children }: ThemeScopeProps) {
  return (
    <ConfigProvider theme={antdThemeConfig(themes[name])} componentSize="middle" direction={direction}>
      <ThemeVariablesScope name={name} global={global}>
        {children}
      </ThemeVariablesScope>
    </ConfigProvider>
  );
}

import { ConfigProvider } from 'antd';
import { antdThemeConfig } from './antdThemeConfig';
import { themes } from './themes';
import { ThemeTokensContext } from './themeTokens';
import { ThemeVariablesScope, type ThemeVariablesScopeProps } from './ThemeVariablesScope';

/** Props of {@link ThemeScope}: the variables' scope plus antd's text direction. */
export interface ThemeScopeProps extends ThemeVariablesScopeProps {
  /** The text direction of antd's components; a nested scope keeps its parent's when not given. */
  direction?: 'ltr' | 'rtl';
}

/**
 * Applies one of the nine themes to everything inside: antd's ConfigProvider (dark algorithm,
 * tokens, middle-sized inputs, the text direction) and the `--panel-*` CSS variables. The plain
 * components inside take their tokens from its ConfigProvider, not from a ThemeTokensScope around it.
 */
export function ThemeScope({ name, global = false, direction, children }: ThemeScopeProps) {
  return (
    <ConfigProvider theme={antdThemeConfig(themes[name])} componentSize="middle" direction={direction}>
      <ThemeTokensContext.Provider value={null}>
        <ThemeVariablesScope name={name} global={global}>
          {children}
        </ThemeVariablesScope>
      </ThemeTokensContext.Provider>
    </ConfigProvider>
  );
}

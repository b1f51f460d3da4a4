import type { ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ThemeScope } from '../../themes/ThemeScope';
import type { ThemeName } from '../../themes/themeNames';
import { selectDirection } from '../locale/localeSlice';
import { selectThemeName } from './themeSlice';

/** Props of {@link AppThemeScope}. */
export interface AppThemeScopeProps {
  /** The theme to show; the user's chosen theme when not given. */
  name?: ThemeName;
  /** Also put the variables on `<html>` and paint the body (layouts). */
  global?: boolean;
  children: ReactNode;
}

/**
 * antd configured for the panel around a part of the page that uses antd: the theme (the user's,
 * or the one given) and the text direction of the interface language. Layouts and dialogs that
 * open outside them use it; the app's root does not, so pages without antd never load it.
 */
export function AppThemeScope({ name, global = false, children }: AppThemeScopeProps) {
  const chosen = useAppSelector(selectThemeName);
  const direction = useAppSelector(selectDirection);
  return (
    <ThemeScope name={name ?? chosen} direction={direction} global={global}>
      {children}
    </ThemeScope>
  );
}

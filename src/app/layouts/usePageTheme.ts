import { selectThemeName } from '../../core/theme/themeSlice';
import type { ThemeName } from '../../themes/themeNames';
import { useAppSelector } from '../hooks';

/** The theme of every page outside a server's pages: the theme state, minecraftDefault unless changed. */
export function usePageTheme(): ThemeName {
  return useAppSelector(selectThemeName);
}

import { theme } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * True below the `lg` breakpoint (1280 px, antd's `screenLG` token), where the panel switches to
 * its mobile form. Read synchronously, so the first paint already has the right navigation.
 */
export function useIsCompact(): boolean {
  const { token } = theme.useToken();
  const query = `(min-width: ${token.screenLG}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  // Without matchMedia (very old browsers) the wide layout is the safe choice.
  const isWide = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true);
  return !useSyncExternalStore(subscribe, isWide, () => true);
}

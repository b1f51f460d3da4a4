import { ReloadOutlined } from '@ant-design/icons';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** How far (px) a list must be pulled down on a touch screen before letting go refreshes it. */
export const pullToRefreshThreshold = 64;

/** Props of {@link PullToRefresh}. */
export interface PullToRefreshProps {
  onRefresh: () => unknown;
  children: ReactNode;
  threshold?: number;
}

/**
 * Wraps a list so that pulling it down by the threshold on a touch screen refreshes it. The pull
 * only starts when the page is scrolled to the very top, so ordinary scrolling is never hijacked.
 */
export function PullToRefresh({ onRefresh, children, threshold = pullToRefreshThreshold }: PullToRefreshProps) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  // The latest pull, read on touchend without waiting for a re-render.
  const pulled = useRef(0);
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = (event: TouchEvent) => {
    const atTop = (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;
    start.current = atTop && !refreshing ? event.touches[0].clientY : null;
  };
  const onTouchMove = (event: TouchEvent) => {
    if (start.current === null) return;
    pulled.current = Math.max(0, event.touches[0].clientY - start.current);
    setDistance(pulled.current);
  };
  const onTouchEnd = async () => {
    const pull = pulled.current;
    start.current = null;
    pulled.current = 0;
    setDistance(0);
    if (pull < threshold) return;
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };

  const ready = distance >= threshold;
  const label = refreshing ? t('pullToRefresh.refreshing', 'Refreshing…') : ready ? t('pullToRefresh.release', 'Release to refresh') : t('pullToRefresh.pull', 'Pull to refresh');
  const height = refreshing ? 40 : Math.min(distance, threshold * 1.5) * 0.6;

  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div role="status" aria-live="polite" style={{ height, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, opacity: 0.8 }}>
        {distance > 0 || refreshing ? (
          <>
            <ReloadOutlined spin={refreshing} rotate={refreshing ? 0 : Math.min(distance / threshold, 1) * 180} />
            <span>{label}</span>
          </>
        ) : null}
      </div>
      {children}
    </div>
  );
}

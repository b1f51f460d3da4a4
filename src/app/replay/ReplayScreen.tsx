import type { i18n as I18n } from 'i18next';
import { useEffect, useMemo, useRef, type ComponentType, type CSSProperties } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../AppProviders';
import type { AppStore } from '../store';
import type { ReplayTimeline } from '../../features/support/replayTimeline';
import { createReplayStore, replayStateSet } from './createReplayStore';

/** Props of {@link ReplayScreen}. */
export interface ReplayScreenProps {
  timeline: ReplayTimeline;
  step: number;
  /** The i18next instance to clone for the customer's language (the app's by default). */
  i18n?: I18n;
  /** The panel's router (AppRouter), passed in: the replay screen does not import the router. */
  router: ComponentType;
}

// `transform` makes the panel's fixed elements (notifications, drawers) stay inside the frame.
const frameStyle: CSSProperties = { position: 'relative', transform: 'translateZ(0)', overflow: 'auto', height: '100%', minHeight: 480, isolation: 'isolate' };

function ReplayedPanel({ store, i18n, location, router: Router }: { store: AppStore; i18n: I18n; location: string; router: ComponentType }) {
  return (
    <AppProviders store={store} i18n={i18n}>
      {/* A new router per address: the recorded address drives it, the screens cannot move it for good. */}
      <MemoryRouter key={location} initialEntries={[location]}>
        <Router />
      </MemoryRouter>
    </AppProviders>
  );
}

function localeOf(state: Record<string, unknown>): string | undefined {
  const code = (state.locale as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The customer's panel at one step: the real routes, layouts and screens rendered from the
 * replayed state in their language and theme, read-only (inert) and without network access.
 * It runs in a React root of its own, so it has its own router and store.
 */
export function ReplayScreen({ timeline, step, i18n, router }: ReplayScreenProps) {
  const { t, i18n: current } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const store = useMemo(() => createReplayStore(timeline.stateAt(timeline.length)), [timeline]);
  const replayI18n = useMemo(() => (i18n ?? current).cloneInstance({ lng: timeline.log.meta.locale || 'en' }), [i18n, current, timeline]);

  useEffect(() => {
    if (!container.current) return undefined;
    const own = createRoot(container.current);
    root.current = own;
    return () => {
      root.current = null;
      // Unmounting while the page renders is not allowed: let React finish first.
      setTimeout(() => own.unmount(), 0);
    };
  }, [store]);

  useEffect(() => {
    const state = timeline.stateAt(step);
    store.dispatch(replayStateSet(state));
    const code = localeOf(state);
    if (code && code !== replayI18n.language) void replayI18n.changeLanguage(code);
    root.current?.render(<ReplayedPanel store={store} i18n={replayI18n} location={timeline.locationAt(step)} router={router} />);
  }, [timeline, step, store, replayI18n, router]);

  return (
    <div
      ref={container}
      inert
      data-testid="replay-screen"
      data-location={timeline.locationAt(step)}
      aria-label={t('support.replay.screen', 'The customer’s screen')}
      role="region"
      style={frameStyle}
    />
  );
}

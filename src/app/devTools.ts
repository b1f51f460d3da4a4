import type { DevToolsEnhancerOptions, UnknownAction } from '@reduxjs/toolkit';
import { redactAction, redactState } from '../features/support/redact';

/**
 * Hides tokens, passwords and codes in the actions DevTools records, with the same reviewed list
 * as recorded action logs (RTK Query request actions carry the request body in meta.arg).
 */
export function sanitizeAction<A extends UnknownAction>(action: A): A {
  return redactAction(action) as unknown as A;
}

/** Hides secrets in the state DevTools shows; the API cache holds request bodies and answers. */
export function sanitizeState<S>(state: S): S {
  return redactState(state);
}

/** Redux DevTools settings for development builds. */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Game panel',
  actionSanitizer: sanitizeAction,
  stateSanitizer: sanitizeState,
  // Where each action was dispatched from, for the DevTools trace tab.
  trace: true,
  traceLimit: 25,
};

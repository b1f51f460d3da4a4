import type { DevToolsEnhancerOptions, UnknownAction } from '@reduxjs/toolkit';
import { REDACTED, redactSecrets } from './redactSecrets';

/** Actions whose whole payload is a secret. */
const secretPayloadActions = new Set(['session/tokenReceived']);

/** Hides tokens, passwords and codes in the actions DevTools records. */
export function sanitizeAction<A extends UnknownAction>(action: A): A {
  if (secretPayloadActions.has(action.type)) return { ...action, payload: REDACTED };
  // RTK Query request actions carry the request body in meta.arg and the answer in payload.
  return redactSecrets(action, { request: action.type.startsWith('api/') });
}

/** Hides secrets in the state DevTools shows; the API cache holds request bodies and answers. */
export function sanitizeState<S>(state: S): S {
  if (state === null || typeof state !== 'object') return state;
  const sanitized: Record<string, unknown> = {};
  for (const [key, slice] of Object.entries(state)) sanitized[key] = redactSecrets(slice, { request: key === 'api' });
  return sanitized as S;
}

/** Redux DevTools settings for development builds. */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Game panel',
  actionSanitizer: sanitizeAction,
  stateSanitizer: sanitizeState,
};

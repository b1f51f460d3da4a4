/** Pages never worth returning to after logging in. */
const notReturnable = ['/login', '/sign-up', '/logout'];

/** Where a not-logged-in visitor was going; handed to /login as location state `from`. */
export interface RedirectState {
  from?: string;
}

/** Whether `value` is a panel path worth going to after a login (never another site). */
export function isSafeTarget(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  // "//host" and "/\host" would leave the panel: refuse them (open redirect).
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  const path = value.split(/[?#]/)[0];
  return !notReturnable.includes(path);
}

/**
 * Where to go after logging in: the page the guard turned the visitor away from (location state,
 * or `?redirect=` when the login page was reloaded or linked), else the dashboard.
 */
export function redirectTarget(location: { search: string; state: unknown }): string {
  const fromState = (location.state as RedirectState | null)?.from;
  const fromQuery = new URLSearchParams(location.search).get('redirect');
  for (const candidate of [fromState, fromQuery]) if (isSafeTarget(candidate)) return candidate;
  return '/';
}

/** The /login address that brings the visitor back to `from` afterwards. */
export function loginLocationFor(from: string): { pathname: string; search: string } {
  return { pathname: '/login', search: isSafeTarget(from) && from !== '/' ? `?redirect=${encodeURIComponent(from)}` : '' };
}

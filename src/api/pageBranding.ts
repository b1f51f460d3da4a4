import type { GetPanelBrandingApiResponse } from './generated/branding.gen';

/*
 * The panel's branding as index.html carries it: the panel server writes GET /panel/branding's
 * answer into the page it serves (a meta element named panel-branding), so the brand and the
 * log-in card need no request once the panel's code has started. A page without it (the
 * development server's, an API-only host's) leaves the branding to its request.
 */

/** The name of the meta element carrying the branding (server/src/plugins/brandedIndexPage.ts). */
export const BRANDING_META_NAME = 'panel-branding';

function isBranding(value: unknown): value is GetPanelBrandingApiResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { brand_name: name, brand_logo_url: logo, signup_open: signup } = value as Record<string, unknown>;
  return typeof name === 'string' && (logo === null || typeof logo === 'string') && typeof signup === 'boolean';
}

/** The branding index.html carries, or null when it carries none (or none of the expected shape). */
export function brandingFromPage(page: Pick<Document, 'querySelector'> = document): GetPanelBrandingApiResponse | null {
  const content = page.querySelector(`meta[name="${BRANDING_META_NAME}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    const value: unknown = JSON.parse(content);
    return isBranding(value) ? { brand_name: value.brand_name, brand_logo_url: value.brand_logo_url, signup_open: value.signup_open } : null;
  } catch {
    return null;
  }
}

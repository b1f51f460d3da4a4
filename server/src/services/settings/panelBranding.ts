import type { PanelBranding } from '../../schemas/panelSettings';
import type { PanelSettings } from './PanelSettingsStore';

/** What every visitor may know of the panel (GET /panel/branding, and index.html): its name, logo and whether sign-up is open. */
export function panelBranding(settings: PanelSettings): PanelBranding {
  return { brand_name: settings.brandName, brand_logo_url: settings.brandLogoUrl, signup_open: settings.signupOpen };
}

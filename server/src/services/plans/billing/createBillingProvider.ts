import type { BillingConfig } from '../../../config/PanelConfig';
import type { BillingProvider } from './BillingProvider';
import { ExternalProvider } from './ExternalProvider';
import { InstantProvider } from './InstantProvider';

/** The provider the configuration names (instant when there is none). */
export function createBillingProvider(config: BillingConfig | undefined): BillingProvider {
  if (config?.provider === 'external') {
    return new ExternalProvider({ url: config.url!, secret: config.secret!, webhookToleranceSeconds: config.webhookToleranceSeconds });
  }
  return new InstantProvider();
}

import type { BillingConfig } from '../../config/PanelConfig';
import type { ProvisioningContext } from '../servers/ProvisioningContext';
import type { PanelSettingsStore } from '../settings/PanelSettingsStore';
import type { BillingProvider } from '../plans/billing/BillingProvider';
import { ExternalProvider } from '../plans/billing/ExternalProvider';
import { InstantProvider } from '../plans/billing/InstantProvider';

/** What customers' orders work with. */
export interface OrderContext {
  provisioning: ProvisioningContext;
  settings: PanelSettingsStore;
}

/**
 * The billing provider of a kind: external only where the billing system's address and secret are
 * configured (the admin settings refuse `external` otherwise), else instant.
 */
export function billingProviderFor(kind: 'instant' | 'external', billing: BillingConfig | undefined): BillingProvider {
  if (kind === 'external' && billing?.url && billing.secret) {
    return new ExternalProvider({ url: billing.url, secret: billing.secret, webhookToleranceSeconds: billing.webhookToleranceSeconds });
  }
  return new InstantProvider();
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { panelSettings, type PanelSettingsRow } from '../../db/schema';
import type { PanelConfig } from '../../config/PanelConfig';
import type { PanelSettingsJson, UpdatePanelSettingsBody } from '../../schemas/panelSettings';
import type { FieldErrors } from '../../lib/fieldErrors';
import { settingsMessages } from './settingsMessages';

/** The settings the host may change at run time, with the values in force. */
export interface PanelSettings {
  orderingEnabled: boolean;
  orderLimitPerUser: number;
  signupOpen: boolean;
  mailFrom: string;
  billingProvider: 'instant' | 'external';
  brandName: string;
  brandLogoUrl: string | null;
  /** The zones customers pick subdomains under (the host's list, else PANEL_DNS_ZONES). */
  dnsZones: string[];
}

type SettingsConfig = Pick<PanelConfig, 'ordering' | 'orderLimitPerUser' | 'signupOpen' | 'mailFrom' | 'billing' | 'brandName' | 'brandLogoUrl' | 'dns'>;

/** Work done on the DNS zone list while its row is locked: answers the list to store. */
export type DnsZonesChange = (zones: string[], tx: Database) => Promise<string[]>;

/**
 * How long a process trusts the settings it read: another panel process's change shows here within
 * this time without any message between them; this process's own changes show at once.
 */
const FRESH_FOR_MS = 1_000;

const MAIL_FROM = /^(?:[^<>\r\n]{1,200}<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

/** The environment's values, under whatever the host stored. */
function settingsOf(config: SettingsConfig, row: PanelSettingsRow | undefined): PanelSettings {
  return {
    orderingEnabled: row?.orderingEnabled ?? config.ordering,
    orderLimitPerUser: row?.orderLimitPerUser ?? config.orderLimitPerUser,
    signupOpen: row?.signupOpen ?? config.signupOpen,
    mailFrom: row?.mailFrom ?? config.mailFrom,
    billingProvider: row?.billingProvider === 'external' || row?.billingProvider === 'instant' ? row.billingProvider : (config.billing?.provider ?? 'instant'),
    brandName: row?.brandName ?? config.brandName ?? '',
    // A stored empty address is "no logo", even where the environment names one.
    brandLogoUrl: (row?.brandLogoUrl ?? config.brandLogoUrl) || null,
    dnsZones: row?.dnsZones ?? config.dns?.zones ?? [],
  };
}

/** A logo address a browser may load from a page of the panel: https, or a path on the panel itself. */
function logoUrlProblem(value: string): string | null {
  if (value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return null;
  try {
    return new URL(value).protocol === 'https:' ? null : settingsMessages.logoHttps;
  } catch {
    return settingsMessages.logoHttps;
  }
}

/**
 * The host's run-time settings: ordering, the order limit, sign-up, the mail sender, the billing
 * provider and the branding. Stored in the database (one row), so every panel process uses the
 * same values without a restart; unset ones fall back to the environment (PanelConfig).
 */
export class PanelSettingsStore {
  // The stored row only: the environment's values are applied at each read.
  private cached: { row: PanelSettingsRow | undefined; readAt: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: SettingsConfig,
  ) {}

  /** Whether the billing system's address and secret are configured (external billing possible). */
  get externalBillingConfigured(): boolean {
    return Boolean(this.config.billing?.url && this.config.billing.secret);
  }

  /** The settings in force (read again when older than a second). */
  async current(): Promise<PanelSettings> {
    if (!this.cached || Date.now() - this.cached.readAt >= FRESH_FOR_MS) {
      const [row] = await this.db.select().from(panelSettings).where(eq(panelSettings.id, 1));
      this.cached = { row, readAt: Date.now() };
    }
    return settingsOf(this.config, this.cached.row);
  }

  /**
   * The origins a page may load images from because of a setting: the brand logo's, when it is an
   * https address on another site (a path on the panel is covered by 'self').
   */
  async imageSources(): Promise<string[]> {
    const { brandLogoUrl } = await this.current();
    if (!brandLogoUrl || brandLogoUrl.startsWith('/')) return [];
    try {
      const url = new URL(brandLogoUrl);
      return url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  }

  /** Checks and stores a change (422 per field, nothing stored then); answers the settings now in force. */
  async update(body: UpdatePanelSettingsBody, errors: FieldErrors, userId: number | null): Promise<PanelSettings> {
    if (body.billing_provider === 'external' && !this.externalBillingConfigured && !errors.has('billing_provider')) errors.add('billing_provider', settingsMessages.externalNotConfigured);
    if (body.mail_from !== undefined && !errors.has('mail_from') && !MAIL_FROM.test(body.mail_from.trim())) errors.add('mail_from', settingsMessages.mailFrom);
    const logoProblem = typeof body.brand_logo_url === 'string' && !errors.has('brand_logo_url') ? logoUrlProblem(body.brand_logo_url.trim()) : null;
    if (logoProblem) errors.add('brand_logo_url', logoProblem);
    errors.throwIfAny();
    const change: Partial<typeof panelSettings.$inferInsert> = {
      ...(body.ordering_enabled !== undefined && { orderingEnabled: body.ordering_enabled }),
      ...(body.order_limit_per_user !== undefined && { orderLimitPerUser: body.order_limit_per_user }),
      ...(body.signup_open !== undefined && { signupOpen: body.signup_open }),
      ...(body.mail_from !== undefined && { mailFrom: body.mail_from.trim() }),
      ...(body.billing_provider !== undefined && { billingProvider: body.billing_provider }),
      ...(body.brand_name !== undefined && { brandName: body.brand_name.trim() }),
      ...(body.brand_logo_url !== undefined && { brandLogoUrl: body.brand_logo_url?.trim() ?? '' }),
    };
    const values = { ...change, id: 1, updatedBy: userId, updatedAt: new Date() };
    await this.db.insert(panelSettings).values(values).onConflictDoUpdate({ target: panelSettings.id, set: values });
    this.cached = null;
    return this.current();
  }

  /**
   * Changes the DNS zone list under a lock on the settings row, so two hosts adding or removing
   * zones at the same moment both count (and a check made inside `change` holds when it stores).
   */
  async changeDnsZones(change: DnsZonesChange, userId: number | null): Promise<string[]> {
    const zones = await this.db.transaction(async (tx) => {
      const next = await change(await this.lockedDnsZones(tx, 'update'), tx);
      await tx.update(panelSettings).set({ dnsZones: next, updatedBy: userId, updatedAt: new Date() }).where(eq(panelSettings.id, 1));
      return next;
    });
    this.cached = null;
    return zones;
  }

  /**
   * Runs `work` with the DNS zone list in force, under a shared lock on the settings row: a zone
   * cannot leave the list (changeDnsZones locks the row for update) until `work`'s transaction
   * ends, so a subdomain claimed in it lives in a zone still offered.
   */
  async withDnsZones<T>(work: (zones: string[], tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      return work(await this.lockedDnsZones(tx, 'share'), tx);
    });
  }

  /** The zone list in force, its settings row (made if missing) locked until `tx` ends. */
  private async lockedDnsZones(tx: Database, strength: 'update' | 'share'): Promise<string[]> {
    await tx.insert(panelSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx.select().from(panelSettings).where(eq(panelSettings.id, 1)).for(strength);
    return settingsOf(this.config, row).dnsZones;
  }
}

/** The settings as the admin API answers them. */
export function panelSettingsJson(settings: PanelSettings): PanelSettingsJson {
  return {
    ordering_enabled: settings.orderingEnabled,
    order_limit_per_user: settings.orderLimitPerUser,
    signup_open: settings.signupOpen,
    mail_from: settings.mailFrom,
    billing_provider: settings.billingProvider,
    brand_name: settings.brandName,
    brand_logo_url: settings.brandLogoUrl,
  };
}

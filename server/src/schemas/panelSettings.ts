import { Type, type Static } from 'typebox';

const Provider = Type.Union([Type.Literal('instant'), Type.Literal('external')], {
  description: '`instant`: orders and plan changes apply at once; `external`: the billing system’s signed checkout (needs PANEL_BILLING_URL and PANEL_BILLING_SECRET)',
});

/** The host's run-time settings as the admin API shows them (the values in force: stored ones over the environment's). */
export const PanelSettingsSchema = Type.Object(
  {
    ordering_enabled: Type.Boolean({ description: 'Whether customers may order servers (default PANEL_ORDERING)' }),
    order_limit_per_user: Type.Integer({ minimum: 0, maximum: 1000, description: 'Orders one customer may place; failed ones do not count (default PANEL_ORDER_LIMIT_PER_USER)' }),
    signup_open: Type.Boolean({ description: 'Anyone may sign up; closed: only people with a pending invitation to a server (default PANEL_SIGNUP_OPEN)' }),
    mail_from: Type.String({ description: 'The sender of the panel’s mails, `Name <address>` or an address (default MAIL_FROM)' }),
    billing_provider: Provider,
    brand_name: Type.String({ description: 'The name the panel shows; empty: “Game Panel” in the reader’s language' }),
    brand_logo_url: Type.Union([Type.String(), Type.Null()], { description: 'An https address or a path on the panel; null: no logo' }),
  },
  { additionalProperties: false },
);
export type PanelSettingsJson = Static<typeof PanelSettingsSchema>;

export const PanelSettingsResponseSchema = Type.Object({
  data: PanelSettingsSchema,
  meta: Type.Object({ external_billing_configured: Type.Boolean({ description: 'Whether PANEL_BILLING_URL and PANEL_BILLING_SECRET are set, so `external` can be chosen' }) }),
});

/** A change of some settings: only the fields given change. */
export const UpdatePanelSettingsBodySchema = Type.Object(
  {
    ordering_enabled: Type.Optional(Type.Boolean()),
    order_limit_per_user: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    signup_open: Type.Optional(Type.Boolean()),
    mail_from: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })),
    billing_provider: Type.Optional(Provider),
    brand_name: Type.Optional(Type.String({ maxLength: 64 })),
    brand_logo_url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdatePanelSettingsBody = Static<typeof UpdatePanelSettingsBodySchema>;

/** What every visitor may know of the panel: its name and logo, and whether sign-up is open. */
export const PanelBrandingSchema = Type.Object({
  brand_name: Type.String({ description: 'Empty: the panel’s default name in the reader’s language' }),
  brand_logo_url: Type.Union([Type.String(), Type.Null()]),
  signup_open: Type.Boolean(),
});
export type PanelBranding = Static<typeof PanelBrandingSchema>;

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrors } from '../../lib/fieldErrors';
import { errorResponses } from '../../lib/responseSchemas';
import { PanelSettingsResponseSchema, UpdatePanelSettingsBodySchema } from '../../schemas/panelSettings';
import { panelSettingsJson } from '../../services/settings/PanelSettingsStore';

const security = [{ bearer: [] }];

/** The host's run-time settings: ordering, the per-customer order limit, sign-up, mail sender, billing provider, branding. */
export async function adminSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const answer = async () => ({ data: panelSettingsJson(await app.panelSettings.current()), meta: { external_billing_configured: app.panelSettings.externalBillingConfigured } });

  r.get(
    '/settings',
    {
      schema: {
        operationId: 'getAdminSettings',
        tags: ['admin'],
        summary: 'The run-time settings in force',
        description:
          'Each value is the one the host set here, else the panel’s environment default (PANEL_ORDERING, PANEL_ORDER_LIMIT_PER_USER, PANEL_SIGNUP_OPEN, MAIL_FROM, PANEL_BILLING_PROVIDER, PANEL_BRAND_NAME, PANEL_BRAND_LOGO_URL).',
        security,
        response: { 200: PanelSettingsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    answer,
  );
  r.patch(
    '/settings',
    {
      schema: {
        operationId: 'updateAdminSettings',
        tags: ['admin'],
        summary: 'Change run-time settings (every panel process uses them within a second, no restart)',
        description: 'Only the fields given change. A bad value → 422 per field and nothing changes; `billing_provider: external` needs PANEL_BILLING_URL and PANEL_BILLING_SECRET.',
        security,
        body: UpdatePanelSettingsBodySchema,
        response: { 200: PanelSettingsResponseSchema, ...errorResponses(401, 403, 419, 422, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      await app.panelSettings.update(request.body ?? {}, FieldErrors.fromRequest(request), request.user?.id ?? null);
      return answer();
    },
  );
}

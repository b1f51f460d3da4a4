import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PanelBrandingSchema } from '../../schemas/panelSettings';
import { panelBranding } from '../../services/settings/panelBranding';

/** GET /panel/branding (tag `branding`): the panel's name and logo, and whether sign-up is open, for every page including the log-in pages. */
export async function brandingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/branding',
    {
      schema: {
        operationId: 'getPanelBranding',
        tags: ['branding'],
        summary: 'The panel’s name and logo, and whether sign-up is open',
        description: 'Public (no credential): the log-in and sign-up pages show them. The host changes them in the admin settings.',
        response: { 200: PanelBrandingSchema },
      },
    },
    async (_request, reply) => {
      // Short-lived: a changed name reaches every open page at its next load.
      reply.header('cache-control', 'no-cache');
      return panelBranding(await app.panelSettings.current());
    },
  );
}

import fp from 'fastify-plugin';
import { PanelSettingsStore } from '../services/settings/PanelSettingsStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** The host's run-time settings (ordering, sign-up, mail sender, billing, branding) over the environment's defaults. */
    panelSettings: PanelSettingsStore;
  }
}

/** Decorates `app.panelSettings`, read by sign-up, mail, billing, ordering and the branding. */
export const panelSettingsPlugin = fp(
  async (app) => {
    app.decorate('panelSettings', new PanelSettingsStore(app.db, app.config));
  },
  { name: 'panel-settings', dependencies: ['database'] },
);

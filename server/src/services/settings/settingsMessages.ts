/** The settings' and orders' refusals, as the API answers them (the client translates the page's own texts). */
export const settingsMessages = {
  externalNotConfigured: 'External billing needs PANEL_BILLING_URL and PANEL_BILLING_SECRET in the panel’s environment.',
  mailFrom: 'Must be an address, or a name with the address in angle brackets (Game Panel <no-reply@example.com>).',
  logoHttps: 'Must be an https address or a path on the panel (starting with /).',
} as const;

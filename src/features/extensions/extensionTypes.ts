import type { ExtensionInstallPlan, ExtensionSearch, ExtensionsOverview } from '../../api/extensions';

/** One installed plugin or mod. */
export type Installed = ExtensionsOverview['installed'][number];
/** One search result of a catalogue. */
export type Hit = ExtensionSearch['hits'][number];
/** A catalogue. */
export type Provider = NonNullable<ExtensionSearch['provider']>;
/** An install that waits for the customer’s word on its dependencies. */
export interface PendingInstall {
  hit: Hit;
  plan: ExtensionInstallPlan;
}

/** Catalogue icons from their https CDNs (the page's content policy allows those); others show the name's first letter. */
export const iconSrc = (url: string | null): string | undefined => (url?.startsWith('https://') ? url : undefined);

import { matchPath } from 'react-router-dom';
import { brandingApi } from '../../api/generated/branding.gen';
import { brandingFromPage } from '../../api/pageBranding';
import { serversApi } from '../../api/servers';
import { askForCurrentUserAtStartUp } from '../../core/session/bootstrapSession';
import { aheadListingApi, folderOpenedAt } from '../../features/files/startUpListing';
import type { AppStore } from '../store';

/**
 * Puts the branding index.html carries (api/pageBranding) into the cache, where the brand and the
 * log-in pages read it: no request for it at start-up. A page without it leaves it to them to ask.
 */
export function takeBrandingFromPage(dispatch: AppStore['dispatch'], page?: Pick<Document, 'querySelector'>): void {
  const branding = brandingFromPage(page);
  if (branding) void dispatch(brandingApi.util.upsertQueryData('getPanelBranding', undefined, branding));
}

/**
 * Asks for the data the page the panel is opened on will wait for, before anything renders: the
 * current user (every page for logged-in users waits for it), the server's details on a server's
 * pages (their layout's header) and the server's resources on its overview (its figures until the
 * socket's first sample), the server list on the dashboard, and the folder of a files page,
 * which can hold thousands of entries. Without this, each request would leave only once the page's
 * code, the first render and the request before it were done. Only for a stored token (without
 * one the visitor goes to log in). The answers wait in the cache for the pages that take them.
 * Answers the requests, each settling when its answer is in the cache.
 */
export function preloadData(dispatch: AppStore['dispatch'], location: { pathname: string; search: string }, hasStoredToken: boolean): Promise<unknown>[] {
  if (!hasStoredToken) return [];
  const asked: Promise<unknown>[] = [dispatch(askForCurrentUserAtStartUp())];
  const server = matchPath('/server/:id/*', location.pathname)?.params.id;
  // Not subscribed: the answers stay in the cache for a while, for the pages to take them.
  if (server) asked.push(dispatch(serversApi.endpoints.getServer.initiate({ id: server }, { subscribe: false })));
  const overview = matchPath('/server/:id', location.pathname)?.params.id;
  if (overview) asked.push(dispatch(serversApi.endpoints.getServerResources.initiate({ id: overview }, { subscribe: false })));
  if (location.pathname === '/') asked.push(dispatch(serversApi.endpoints.listServers.initiate(undefined, { subscribe: false })));
  const folder = folderOpenedAt(location.pathname, location.search);
  if (folder) asked.push(dispatch(aheadListingApi.endpoints.listServerFolderAhead.initiate(folder, { subscribe: false })));
  return asked;
}

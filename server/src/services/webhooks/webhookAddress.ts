import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { isPublicAddress, type CheckedAddress } from '../files/pull/addressPolicy';

/** Why a webhook's address is refused (the message is the customer's). */
export class WebhookAddressError extends Error {}

/** The URL of a webhook, if it is one the panel may send to at all (http or https, no credentials). */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebhookAddressError('Enter a full address starting with https:// or http://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookAddressError('Only http and https addresses can receive webhooks.');
  if (url.username || url.password) throw new WebhookAddressError('Put credentials in the path or a query parameter, not before the host.');
  return url;
}

/**
 * Resolves the webhook's host and checks every address it resolves to, with the same policy as a
 * pull from a URL: only public addresses, unless the host is listed in PANEL_WEBHOOK_ALLOW_HOSTS.
 * Checked when a hook is saved and again before every delivery (a DNS answer can change), and the
 * delivery connects to exactly the address checked here.
 */
export async function checkedWebhookAddress(url: URL, allowHosts: readonly string[]): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await dns.lookup(host, { all: true, verbatim: true });
  } catch {
    answers = [];
  }
  if (answers.length === 0) throw new WebhookAddressError(`The host "${host}" could not be resolved.`);
  if (!allowHosts.includes(host)) {
    const refused = answers.find((answer) => !isPublicAddress(answer.address));
    if (refused) throw new WebhookAddressError(`"${host}" points to ${refused.address}, a private, local or reserved address. Webhooks can only be sent to public addresses.`);
  }
  return { address: answers[0].address, family: answers[0].family === 6 ? 6 : 4 };
}

/**
 * The nftables table the panel writes to keep sandboxed game servers off the host's own services
 * (server/src/runtime/local/sandbox/hostFirewall.ts). A test run's panels and drivers write it on
 * the host; the run removes it again at its end when it was not there at its start, as it stops
 * the Docker engines and network namespaces it made (a host's own panel keeps its table).
 *
 * As a command: `node scripts/lib/hostFirewallTable.mjs present` exits 0 when the table is there,
 * `... remove` removes it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TABLE = ['inet', 'panel_sandbox'];
const NFT_PATHS = ['/usr/sbin/nft', '/sbin/nft', '/usr/bin/nft'];

const nft = () => NFT_PATHS.find((path) => existsSync(path)) ?? null;

/** Whether the table is on the host (false where nft is missing or may not be run). */
export function firewallTablePresent() {
  const binary = nft();
  return binary !== null && spawnSync(binary, ['list', 'table', ...TABLE], { stdio: 'ignore' }).status === 0;
}

/** Removes the table; true when it was there and is gone. */
export function removeFirewallTable() {
  if (!firewallTablePresent()) return false;
  return spawnSync(nft(), ['delete', 'table', ...TABLE], { stdio: 'ignore' }).status === 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const command = process.argv[2];
  if (command === 'present') process.exit(firewallTablePresent() ? 0 : 1);
  else if (command === 'remove') {
    if (removeFirewallTable()) console.log('Removed the test run’s nftables table inet panel_sandbox.');
  } else {
    console.error('usage: hostFirewallTable.mjs present|remove');
    process.exit(2);
  }
}

/**
 * A real BIND on loopback for server tests (and e2e/run.mjs): see scripts/lib/testBind.mjs.
 * `startTestBind(zone)` answers its port, zone, TSIG key and the PANEL_DNS_* environment.
 */
export { ensureBindPackages, startTestBind, type TestBind } from '../../../scripts/lib/testBind.mjs';

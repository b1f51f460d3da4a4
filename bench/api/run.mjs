#!/usr/bin/env node
/**
 * bench/api: GET /api/v2/auth/current with a valid bearer token, 64 connections for 10 s
 * (autocannon), against the real panel server in its own process on the embedded database.
 * Prints requests per second and p99 latency; every answer must be a 2xx.
 * Target on the 2-core machine: at least 5,000 requests/s with p99 under 25 ms.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startPanel } from '../../scripts/lib/panelProcess.mjs';
import { saveResult } from '../results.mjs';

const target = { requestsPerSecond: 5000, p99Ms: 25 };
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const duration = Number(process.env.BENCH_DURATION ?? 10);

/** Signs up a fresh account through the public API and returns its bearer token. */
async function registerUser(baseUrl) {
  const username = `bench_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(18).toString('base64url');
  const response = await fetch(`${baseUrl}/api/v2/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, password_confirmation: password, remember: true }),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 201 || !body?.data?.token) throw new Error(`register answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data.token;
}

function load(url, token, seconds) {
  return autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
}

async function main() {
  console.log('Starting the panel (embedded database, no demo data)…');
  const panel = await startPanel({ env: { PANEL_DEMO_DATA: 'false' } });
  try {
    const token = await registerUser(panel.baseUrl);
    const url = `${panel.baseUrl}/api/v2/auth/current`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`GET auth/current answered ${check.status} with a fresh token`);

    // A short warm-up so the JIT and the database's caches are hot before measuring.
    await load(url, token, 2);
    console.log(`GET /api/v2/auth/current, ${connections} connections, ${duration} s…`);
    const result = await load(url, token, duration);

    const rps = Math.round(result.requests.average);
    const p99 = result.latency.p99;
    // autocannon counts timeouts among its errors.
    const bad = result.non2xx + result.errors;
    const meets = rps >= target.requestsPerSecond && p99 < target.p99Ms;
    const lines = [
      `GET /api/v2/auth/current: ${rps} requests/s, p99 ${p99} ms, p50 ${result.latency.p50} ms (${result.requests.total} requests, ${bad} non-2xx or failed)`,
      `target ≥ ${target.requestsPerSecond} requests/s with p99 < ${target.p99Ms} ms: ${meets ? 'met' : 'NOT met'}`,
    ];
    lines.forEach((line) => console.log(line));
    saveResult('api', {
      ok: bad === 0,
      lines,
      requestsPerSecond: rps,
      p99Ms: p99,
      p50Ms: result.latency.p50,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      connections,
      duration,
    });
    if (bad !== 0) {
      console.error(`${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts: the figures do not count.`);
      process.exitCode = 1;
    }
  } finally {
    await panel.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

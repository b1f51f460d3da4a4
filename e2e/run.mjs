#!/usr/bin/env node
/**
 * `npm run test:e2e`: makes sure Debian's Chromium is installed, builds the web app when it
 * is missing or stale, starts a fresh panel (free port, empty temporary data directory,
 * embedded database, demo data with a known demo password), runs Playwright against it and
 * stops the panel. Arguments are passed on to `playwright test` (a spec file, --grep, ...).
 *
 * E2E_BASE_URL=http://host:port runs the tests against a panel that is already running
 * instead (its demo password then comes from PANEL_DEMO_PASSWORD).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSpaBuilt, rootDir, run } from '../scripts/lib/spaBuild.mjs';
import { freePort, startPanel } from '../scripts/lib/panelProcess.mjs';
import { startOidcTestProvider, TEST_CLIENT } from '../scripts/lib/oidcTestProvider.mjs';
import { startTestBind } from '../scripts/lib/testBind.mjs';
import { startSecondTestDockerEngine, startTestDockerEngine, stopSecondTestDockerEngine, stopTestDockerEngine } from '../scripts/lib/testDockerEngine.mjs';

async function main() {
  const startedAt = Date.now();
  const chromium = await run('bash', [join(rootDir, 'scripts', 'ensure-chromium.sh')]);
  if (chromium !== 0) throw new Error('Chromium is not available at /usr/bin/chromium');

  let panel = null;
  let bind = null;
  let docker = null;
  const secondEngineRecord = join(tmpdir(), `panel-e2e-docker-b-${process.pid}.env`);
  let oidc = null;
  let baseUrl = process.env.E2E_BASE_URL;
  const demoPassword = process.env.PANEL_DEMO_PASSWORD ?? `demo-${randomBytes(9).toString('base64url')}`;
  if (!baseUrl) {
    // The web app builds while BIND and the Docker Engine start: the build is the longest step before
    // the first test, and the engine's start is mostly waiting on dockerd.
    // A real BIND on loopback serving play.test: the panel writes subdomains to it (e2e/network.spec.ts).
    // A Docker Engine as a node of the panel (e2e/docker-node.spec.ts runs a server on it).
    // Node B for e2e/transfer.spec.ts starts here too when the run includes it (a whole run, or that
    // spec named); the spec copies the images to it once the first engine has built them.
    const specArgs = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'));
    const startNodeB = async () => {
      if (specArgs.length > 0 && !specArgs.some((arg) => arg.includes('transfer'))) return;
      const problem = await startSecondTestDockerEngine(secondEngineRecord);
      if (problem) console.log(`${problem}; e2e/transfer.spec.ts starts it itself`);
    };
    const [built, startedBind, startedDocker] = await Promise.allSettled([
      ensureSpaBuilt(),
      startTestBind('play.test'),
      startTestDockerEngine().then(async (engine) => {
        if (engine.dir) await startNodeB();
        return engine;
      }),
    ]);
    bind = startedBind.status === 'fulfilled' ? startedBind.value : null;
    docker = startedDocker.status === 'fulfilled' ? startedDocker.value : null;
    for (const step of [built, startedBind, startedDocker]) {
      if (step.status === 'rejected') {
        if (bind) await bind.stop();
        stopSecondTestDockerEngine(secondEngineRecord);
        if (docker?.dir) stopTestDockerEngine(docker.dir);
        throw step.reason;
      }
    }
    if (docker.problem) console.log(`No Docker node for this run: ${docker.problem}`);
    // A real OpenID Connect provider for e2e/social-login.spec.ts; it starts once the panel's
    // address (its /socialite callback) is known, on a port chosen now for the panel's settings.
    const oidcPort = await freePort();
    console.log('Starting the panel…');
    panel = await startPanel({
      // A "minute" of the auto-stop setting lasts 2 s, so e2e/sleep.spec.ts sees a server stop (after 10 s).
      // The software, plugin and mod catalogues answer from their recordings (e2e/extensions.spec.ts installs from them).
      env: {
        PANEL_CATALOGUE_URL: process.env.PANEL_CATALOGUE_URL ?? 'local',
        PANEL_DEMO_PASSWORD: demoPassword,
        PANEL_DEMO_DATA: 'true',
        PANEL_TEST_SLEEP_MINUTE_MS: process.env.PANEL_TEST_SLEEP_MINUTE_MS ?? '2000',
        // e2e/webhooks.spec.ts delivers to a receiver it runs on loopback.
        PANEL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
        PANEL_OAUTH_PROVIDERS: 'local',
        PANEL_OAUTH_LOCAL_NAME: 'Local ID',
        PANEL_OAUTH_LOCAL_CLIENT_ID: TEST_CLIENT.id,
        PANEL_OAUTH_LOCAL_CLIENT_SECRET: TEST_CLIENT.secret,
        PANEL_OAUTH_LOCAL_ISSUER: `http://127.0.0.1:${oidcPort}`,
        ...bind.env,
      },
      logFile: join(rootDir, 'e2e', 'artifacts', 'panel.log'),
    });
    baseUrl = panel.baseUrl;
    oidc = await startOidcTestProvider({ port: oidcPort, redirectUri: `${baseUrl}/socialite` });
    console.log(`Panel on ${baseUrl} (log: e2e/artifacts/panel.log), ready ${Math.round((Date.now() - startedAt) / 1000)} s after the start`);
  }

  const stop = async () => {
    if (panel) await panel.stop();
    panel = null;
    if (oidc) await oidc.stop();
    oidc = null;
    if (bind) await bind.stop();
    bind = null;
    // Node B, when a spec started one (e2e/transfer.spec.ts).
    stopSecondTestDockerEngine(secondEngineRecord);
    if (docker?.dir) stopTestDockerEngine(docker.dir);
    docker = null;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void stop().then(() => process.exit(130)));
  }

  try {
    const cli = join(rootDir, 'node_modules', '@playwright', 'test', 'cli.js');
    return await run(process.execPath, [cli, 'test', '--config', join(rootDir, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)], {
      // PANEL_DATA_DIR lets specs reach the panel's own CLI (e.g. to create an admin API key).
      env: {
        ...process.env,
        PANEL_BASE_URL: baseUrl,
        PANEL_DEMO_PASSWORD: demoPassword,
        ...(panel ? { PANEL_DATA_DIR: panel.dataDir } : {}),
        ...(bind ? { E2E_DNS_SERVER: `127.0.0.1:${bind.port}`, E2E_DNS_ZONE: bind.zone } : {}),
        ...(docker?.dir ? { E2E_DOCKER_B_RECORD: secondEngineRecord } : {}),
        ...(docker?.env ?? { E2E_DOCKER_PROBLEM: docker?.problem ?? 'the tests run against a panel started elsewhere' }),
      },
    });
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

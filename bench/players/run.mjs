#!/usr/bin/env node
/**
 * bench/players: on a fresh panel with the demo data, the demo's Minecraft server (flying-squid):
 * - join → listed: from a real client (mineflayer) spawning to the player being in the answer of
 *   GET /api/v2/servers/{id}/players (what the Players page shows; the page asks again as soon
 *   as the console socket tells of the join);
 * - wake: from a join attempt on the sleeping server to the server being "running".
 * BENCH_PLAYERS_ROUNDS sets how many joins are measured (default 3).
 */
import mineflayer from 'mineflayer';
import { median, startDemoPanel, waitFor } from '../demoPanel.mjs';
import { saveResult } from '../results.mjs';

const rounds = Number(process.env.BENCH_PLAYERS_ROUNDS ?? 3);

/** Joins like a player: resolves 'spawned' (with the bot) or the refusal text. */
function join(host, port, username) {
  return new Promise((resolve, reject) => {
    const bot = mineflayer.createBot({ host, port, username, auth: 'offline', version: '1.21.4' });
    const timer = setTimeout(() => reject(new Error(`${username} neither joined nor was refused within 60 s`)), 60_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      resolve({ at: Date.now(), bot, refused: null });
    });
    bot.once('kicked', (reason) => {
      clearTimeout(timer);
      resolve({ at: Date.now(), bot: null, refused: typeof reason === 'string' ? reason : JSON.stringify(reason) });
    });
    bot.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const { panel, api } = await startDemoPanel();
try {
  const servers = (await api('GET', '/servers')).data;
  const server = servers.find((s) => s.name === 'Survival with friends');
  if (!server) throw new Error('the demo Minecraft server is missing');
  const id = server.identifier;
  const state = async () => (await api('GET', `/servers/${id}`)).data.state;
  const host = server.allocation.ip === '0.0.0.0' ? '127.0.0.1' : server.allocation.ip;
  const port = server.allocation.port;

  await waitFor(async () => {
    const { data } = await api('GET', `/servers/${id}`);
    return data.status === null && ['offline', 'running'].includes(data.state);
  }, 'installed');
  // The demo server may be starting on its own already (it was running when the demo was made).
  if ((await state()) === 'offline') await api('POST', `/servers/${id}/power`, { signal: 'start' });
  await waitFor(async () => (await state()) === 'running', 'running');

  const listed = [];
  for (let round = 0; round < rounds; round++) {
    const name = `bench_${round}`;
    const joined = await join(host, port, name);
    if (!joined.bot) throw new Error(`${name} was refused: ${joined.refused}`);
    await waitFor(async () => (await api('GET', `/servers/${id}/players`)).data.online.some((p) => p.name === name), `${name} listed`);
    listed.push(Date.now() - joined.at);
    joined.bot.quit();
    await waitFor(async () => !(await api('GET', `/servers/${id}/players`)).data.online.some((p) => p.name === name), `${name} gone`);
  }

  await api('POST', `/servers/${id}/power`, { signal: 'stop' });
  await waitFor(async () => (await state()) === 'offline', 'offline');
  await api('PUT', `/servers/${id}/players/sleep`, { auto_stop_minutes: null, wake_on_join: true });
  await waitFor(async () => (await api('GET', `/servers/${id}/players/sleep`)).data.sleeping, 'sleeping');
  const attempt = Date.now();
  const answer = await join(host, port, 'bench_waker');
  if (answer.bot) throw new Error('the sleeping server let the player in');
  await waitFor(async () => (await state()) === 'running', 'woken');
  const wakeMs = Date.now() - attempt;
  await api('PUT', `/servers/${id}/players/sleep`, { auto_stop_minutes: null, wake_on_join: false });
  await api('POST', `/servers/${id}/power`, { signal: 'stop' });

  const lines = [
    `join → listed by the API: median ${median(listed)} ms, worst ${Math.max(...listed)} ms over ${listed.length} joins (target ≤ 2000)`,
    `wake: join attempt → running in ${wakeMs} ms (refused with: ${answer.refused})`,
  ];
  for (const line of lines) console.log(line);
  saveResult('players', { lines, ok: Math.max(...listed) <= 2000, listedMs: listed, wakeMs });
} finally {
  await panel.stop();
}
process.exit(0);

import { createBot, type Bot } from 'mineflayer';

/**
 * Joins like a player (offline mode) at `version` and leaves again; resolves once spawned,
 * rejects when refused, kicked or not in within 60 s.
 */
export function joinAndLeave(host: string, port: number, username: string, version = '1.21.4'): Promise<void> {
  return new Promise((resolve, reject) => {
    const bot = createBot({ host, port, username, auth: 'offline', version });
    const timer = setTimeout(() => reject(new Error(`${username} did not join within 60 s`)), 60_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      bot.quit();
      resolve();
    });
    bot.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    bot.once('kicked', (reason) => {
      clearTimeout(timer);
      reject(new Error(`kicked: ${JSON.stringify(reason)}`));
    });
  });
}

/** Joins a Minecraft server like a player would (offline mode), resolving once the player has spawned. */
export function joinAsPlayer(host: string, port: number, username: string, version = '1.21.4'): Promise<Bot> {
  return new Promise((resolve, reject) => {
    const bot = createBot({ host, port, username, auth: 'offline', version });
    const timer = setTimeout(() => {
      bot.quit();
      reject(new Error(`${username} did not spawn on ${host}:${port} within 60 s`));
    }, 60_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      resolve(bot);
    });
    bot.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    bot.once('kicked', (reason) => {
      clearTimeout(timer);
      reject(new Error(`${username} was kicked: ${JSON.stringify(reason)}`));
    });
  });
}

import type { TFunction } from 'i18next';

/** The prefix of the panel's own console lines, as the server writes it. */
const PREFIX = '[Panel] ';

type Notice = [RegExp, (t: TFunction, m: RegExpExecArray) => string];

/**
 * The panel's console notices, as its runtime writes them (in English, into the console's
 * history that every viewer shares), and their texts in the reader's language. A line the table
 * does not know stays as it is; a reason quoted inside a notice (an installer's error) stays as
 * the server gave it.
 */
const NOTICES: Notice[] = [
  [
    /^Starting the server \(memory limit (\d+) MiB, CPU limit (\d+) %, disk limit (\d+) MiB\)\.$/,
    (t, m) => t('console.notice.starting', 'Starting the server (memory limit {{memory}} MiB, CPU limit {{cpu}} %, disk limit {{disk}} MiB).', { memory: m[1], cpu: m[2], disk: m[3] }),
  ],
  [/^The server is stopped\.$/, (t) => t('console.notice.stopped', 'The server is stopped.')],
  [/^Installing the server\.$/, (t) => t('console.notice.installing', 'Installing the server.')],
  [/^Installation finished\.$/, (t) => t('console.notice.installed', 'Installation finished.')],
  [/^Installation failed: (.*)$/, (t, m) => t('console.notice.installFailed', 'Installation failed: {{reason}}', { reason: m[1] })],
  [/^The server did not take the stop request; killing it\.$/, (t) => t('console.notice.stopRefused', 'The server did not take the stop request; killing it.')],
  [/^The server did not stop within (\d+) s; killing it\.$/, (t, m) => t('console.notice.stopTimeout', 'The server did not stop within {{seconds}} s; killing it.', { seconds: m[1] })],
  [/^The panel restarted and re-attached to the running server\.$/, (t) => t('console.notice.reattached', 'The panel restarted and re-attached to the running server.')],
  [
    /^The server uses more CPU than its plan allows \((\d+) % of one core\); it is slowed down to its limit\.$/,
    (t, m) => t('console.notice.cpuLimited', 'The server uses more CPU than its plan allows ({{cpu}} % of one core); it is slowed down to its limit.', { cpu: m[1] }),
  ],
  [
    /^The server used (\d+) MiB of memory, over its limit of (\d+) MiB, and was killed\.$/,
    (t, m) => t('console.notice.memoryKilled', 'The server used {{used}} MiB of memory, over its limit of {{limit}} MiB, and was killed.', { used: m[1], limit: m[2] }),
  ],
  [
    /^The server ran out of memory \(its plan allows (\S+) MiB\) and was killed\.$/,
    (t, m) => t('console.notice.outOfMemory', 'The server ran out of memory (its plan allows {{limit}} MiB) and was killed.', { limit: m[1] }),
  ],
  [
    /^The server uses (\d+) MiB of disk, over its limit of (\d+) MiB; stopping it\.$/,
    (t, m) => t('console.notice.diskStopping', 'The server uses {{used}} MiB of disk, over its limit of {{limit}} MiB; stopping it.', { used: m[1], limit: m[2] }),
  ],
  [
    /^The server uses (\d+) MiB of disk, over its limit of (\d+) MiB\. Remove files before starting it\.$/,
    (t, m) => t('console.notice.diskFull', 'The server uses {{used}} MiB of disk, over its limit of {{limit}} MiB. Remove files before starting it.', { used: m[1], limit: m[2] }),
  ],
  [/^The server stopped unexpectedly \((.*)\)\.$/, (t, m) => t('console.notice.crashed', 'The server stopped unexpectedly ({{how}}).', { how: m[1] })],
  [/^The server was killed for using more memory than its plan allows\.$/, (t) => t('console.notice.killedMemory', 'The server was killed for using more memory than its plan allows.')],
  [/^The server was stopped for using more disk than its plan allows\.$/, (t) => t('console.notice.stoppedDisk', 'The server was stopped for using more disk than its plan allows.')],
  [
    /^New plan limits: memory (\d+) MiB, CPU (\d+) %, disk (\d+) MiB\.( Restart the server so the game uses its new memory\.)?$/,
    (t, m) =>
      m[4]
        ? t('console.notice.newLimitsRestart', 'New plan limits: memory {{memory}} MiB, CPU {{cpu}} %, disk {{disk}} MiB. Restart the server so the game uses its new memory.', {
            memory: m[1],
            cpu: m[2],
            disk: m[3],
          })
        : t('console.notice.newLimits', 'New plan limits: memory {{memory}} MiB, CPU {{cpu}} %, disk {{disk}} MiB.', { memory: m[1], cpu: m[2], disk: m[3] }),
  ],
  [
    /^The primary port is now (\d+); it takes effect at the next start\.$/,
    (t, m) => t('console.notice.portChanged', 'The primary port is now {{port}}; it takes effect at the next start.', { port: m[1] }),
  ],
  [/^The server has been suspended\.$/, (t) => t('console.notice.suspended', 'The server has been suspended.')],
  [
    /^The server could not be started after the panel restarted: (.*)$/,
    (t, m) => t('console.notice.recoverFailed', 'The server could not be started after the panel restarted: {{reason}}', { reason: m[1] }),
  ],
  [
    /^The server crashed (\d+) times within (\d+) minutes; it stays stopped\. Start it again once the cause is fixed\.$/,
    (t, m) =>
      t('console.notice.crashGaveUp', 'The server crashed {{count}} times within {{minutes}} minutes; it stays stopped. Start it again once the cause is fixed.', {
        count: Number(m[1]),
        minutes: m[2],
      }),
  ],
  [
    /^Automatic restarts after a crash are off for this server; it stays stopped\.$/,
    (t) => t('console.notice.restartOff', 'Automatic restarts after a crash are off for this server; it stays stopped.'),
  ],
  [
    /^Restarting the server in ([\d.]+) s \(attempt (\d+) of (\d+)\)\.$/,
    (t, m) => t('console.notice.restarting', 'Restarting the server in {{seconds}} s (attempt {{attempt}} of {{max}}).', { seconds: m[1], attempt: m[2], max: m[3] }),
  ],
  [
    /^(\d+) lines were skipped because the connection was too slow\.$/,
    (t, m) => t('console.notice.slowConnection', '{{count}} lines were skipped because the connection was too slow.', { count: Number(m[1]) }),
  ],
];

/** A console line in the reader's language when it is one of the panel's notices; any other line as it came. */
export function translatePanelNotice(line: string, t: TFunction): string {
  if (!line.startsWith(PREFIX)) return line;
  const ending = /\r?\n$/.exec(line)?.[0] ?? '';
  const text = line.slice(PREFIX.length, line.length - ending.length);
  for (const [pattern, render] of NOTICES) {
    const match = pattern.exec(text);
    if (match) return `${t('console.notice.prefix', '[Panel]')} ${render(t, match)}${ending}`;
  }
  return line;
}

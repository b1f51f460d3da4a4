import { spawnSync } from 'node:child_process';

/** How long an answer is kept: a host that installs Java is seen within a minute, without a restart. */
const TTL_MS = 60_000;
const cache = new Map<string, { major: number | null; at: number }>();

/**
 * The Java feature version on this node (`java -version`, found on PATH as the server's start
 * command finds it), null without Java. Kept a minute per PATH.
 */
export function javaOnNode(): number | null {
  const path = process.env.PATH ?? '';
  const hit = cache.get(path);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.major;
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000, env: process.env });
  const match = /version "(?:1\.)?(\d+)/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
  const major = match ? Number(match[1]) : null;
  cache.set(path, { major, at: Date.now() });
  return major;
}

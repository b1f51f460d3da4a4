import { spawnSync } from 'node:child_process';

let cached: { major: number | null } | null = null;

/** The Java feature version on this node (`java -version`), found once; null without Java. */
export function javaOnNode(): number | null {
  if (cached) return cached.major;
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /version "(?:1\.)?(\d+)/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
  cached = { major: match ? Number(match[1]) : null };
  return cached.major;
}

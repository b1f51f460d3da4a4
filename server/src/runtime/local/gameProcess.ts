import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, promises as fs } from 'node:fs';
import type { Writable } from 'node:stream';
import type { ServerSpec } from '../types';
import { killSession } from './killSession';
import { isSandboxProgram, type Sandbox } from './sandbox/Sandbox';
import type { ServerCgroup } from './sandbox/cgroup';

export interface LaunchGameOptions {
  uuid: string;
  /** The server's files (the game's working directory). */
  root: string;
  spec: ServerSpec;
  sandbox: Sandbox;
  /** The server's own unprivileged uid (and gid). */
  uid: number;
  /** Descriptors for the game's console output and input; each is closed here once the child has it. */
  openOutput: () => number;
  openInput: () => number;
  /** The cgroup the game enters before it runs (null: no cgroups on this host). */
  cgroup: ServerCgroup | null;
}

/** The marker in the game's environment that ties a process to its server (checked before adopting it). */
export function gameMarker(uuid: string): string {
  return `PANEL_SERVER_UUID=${uuid}`;
}

/**
 * Starts a game process in its sandbox, in a session of its own (detached), so the panel can kill
 * it with everything it started and it survives a panel restart. The sandbox's wrapper waits on
 * descriptor 3 for "go": the game runs only once it is in its cgroup, so whatever it forks is held
 * to the plan too. Answers the running child (with a pid).
 */
export async function launchGame(options: LaunchGameOptions): Promise<ChildProcess & { pid: number }> {
  const { spec, sandbox } = options;
  const out = options.openOutput();
  let stdin: number;
  try {
    stdin = options.openInput();
  } catch (error) {
    closeSync(out);
    throw error;
  }
  let child: ChildProcess;
  try {
    // `exec` makes the game the first process of the sandbox's command itself.
    // Players reach the game on its own ports (game and extra, TCP and UDP), forwarded into its network namespace.
    const forwards = { ip: spec.allocation.ip, ports: [spec.allocation.port, ...Object.values(spec.extraPorts)] };
    const { file, args, ids, fds } = sandbox.wrap(options.root, options.uid, [], ['/bin/sh', '-c', `exec ${spec.startCommand}`], forwards);
    try {
      child = spawn(file, args, {
        cwd: options.root,
        env: { ...spec.env, PANEL_SERVER_UUID: options.uuid },
        detached: true,
        stdio: [stdin, out, out, 'pipe', ...fds],
        ...ids,
      });
    } finally {
      for (const fd of fds) closeSync(fd);
    }
  } finally {
    closeSync(out);
    closeSync(stdin);
  }
  const pid = child.pid;
  if (pid === undefined) {
    const error = await new Promise<Error>((resolve) => child.once('error', resolve));
    throw new Error(`The server process could not be started: ${error.message}`);
  }
  const go = child.stdio[3] as Writable;
  go.on('error', () => undefined);
  try {
    // In the cgroup before the game runs: whatever it forks is held to the plan too.
    await options.cgroup?.enter(pid);
  } catch (error) {
    killSession(pid, 'SIGKILL');
    throw new Error(`The server could not be put in its cgroup: ${(error as Error).message}`, { cause: error });
  }
  go.end('go\n');
  return child as ChildProcess & { pid: number };
}

/**
 * Sends a stop signal to the game: in a sandbox, to every process of the server's cgroup but the
 * sandbox's own (the wrapper, pasta and bubblewrap, which would kill the game at once if they
 * died); else to the process group.
 */
export async function signalGame(pid: number, cgroup: ServerCgroup | null, signal: NodeJS.Signals): Promise<void> {
  if (!cgroup) {
    process.kill(-pid, signal);
    return;
  }
  for (const member of await cgroup.pids()) {
    if (member === pid) continue;
    const exe = await fs.readlink(`/proc/${member}/exe`).catch(() => '');
    if (isSandboxProgram(exe)) continue;
    try {
      process.kill(member, signal);
    } catch {
      // gone already
    }
  }
}

import { readProcessTable } from './procfs';

/**
 * Sends `signal` to a server's whole process tree: its process group (the leader's pid, as the
 * server runs detached) and, in case a child moved to a group of its own, every process of its
 * session. Processes that are already gone are ignored.
 */
export function killSession(leader: number, signal: NodeJS.Signals): void {
  const send = (pid: number) => {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already (ESRCH)
    }
  };
  send(-leader);
  void readProcessTable().then(
    (table) => {
      for (const p of table) if (p.session === leader && p.pid !== process.pid) send(p.pid);
    },
    () => undefined,
  );
}

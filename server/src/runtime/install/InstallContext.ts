import type { RootedFileSystem } from '../RootedFileSystem';
import type { RunCommandOptions } from './runCommand';

/** What an install step works with. */
export interface InstallContext {
  /** The server's files. */
  files: RootedFileSystem;
  root: string;
  /** Shared tools of the node (SteamCMD), kept outside every server's root. */
  toolsDir: string;
  /** Writes a line to the server's console (prefixed by the caller). */
  log(line: string): void;
  /**
   * The sandbox install commands run in (unzip, SteamCMD), as the server's own user with only its
   * folder writable; `binds` adds host folders it may write (SteamCMD's own). Absent: run as is.
   */
  sandbox?: (binds: [string, string][]) => RunCommandOptions['sandbox'];
  /** A path of the server's folder as a sandboxed command sees it. */
  sandboxPath?: (hostPath: string) => string;
}

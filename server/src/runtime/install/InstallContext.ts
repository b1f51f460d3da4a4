import type { RootedFileSystem } from '../RootedFileSystem';

/** What an install step works with. */
export interface InstallContext {
  /** The server's files. */
  files: RootedFileSystem;
  root: string;
  /** Shared tools of the node (SteamCMD), kept outside every server's root. */
  toolsDir: string;
  /** Writes a line to the server's console (prefixed by the caller). */
  log(line: string): void;
}

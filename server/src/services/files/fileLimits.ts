import type { PanelConfig } from '../../plugins/config/loadConfig';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** Limits of the file manager; the plan's disk quota applies on top of each. */
export interface FileLimits {
  /** Largest file the editor opens or saves (bigger ones are downloaded). */
  editorBytes: number;
  /** Largest single file of an upload. */
  uploadFileBytes: number;
  /** Most files in one upload request. */
  uploadFiles: number;
  /** Most folders one upload request may ask for by name (the empty folders of a folder uploaded whole). */
  uploadFolders: number;
  /** Entries of an archive, counted before anything is extracted. */
  extractEntries: number;
  /** Sum of the uncompressed sizes of an archive's entries, checked before extracting. */
  extractBytes: number;
  /** Largest download of a pull from a URL. */
  pullBytes: number;
  /** Whole time a pull may take (connect, redirects, body). */
  pullTimeoutMs: number;
  /** Pulls a user may start per server in `pullWindowMs`. */
  pullsPerWindow: number;
  pullWindowMs: number;
  /** Redirects a pull follows, each checked like the first address. */
  pullRedirects: number;
  /** Lifetime of a signed download URL. */
  downloadTokenMs: number;
  /** Results of one name search, and entries it looks at at most. */
  searchResults: number;
  searchVisited: number;
}

/** Defaults suited to game servers (modpacks hold tens of thousands of files). */
export const defaultFileLimits: FileLimits = {
  editorBytes: 4 * MiB,
  uploadFileBytes: 4 * GiB,
  uploadFiles: 1000,
  uploadFolders: 1000,
  extractEntries: 100_000,
  extractBytes: 20 * GiB,
  pullBytes: 4 * GiB,
  pullTimeoutMs: 10 * 60_000,
  pullsPerWindow: 10,
  pullWindowMs: 60_000,
  pullRedirects: 5,
  downloadTokenMs: 5 * 60_000,
  searchResults: 250,
  searchVisited: 200_000,
};

/** The limits in force: defaults with the config's overrides. */
export function fileLimitsOf(config: PanelConfig): FileLimits {
  return { ...defaultFileLimits, ...config.fileLimits };
}

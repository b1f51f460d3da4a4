import type { FileLimits, PanelConfig } from '../../config/PanelConfig';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export type { FileLimits };

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

/**
 * Files whose content is compressed already: Minecraft's region files, Java archives, archives
 * and media. Deflate searching them for matches finds nothing and costs most of a backup's time.
 */
const COMPRESSED_ALREADY = /\.(mca|mcr|mcc|jar|zip|gz|tgz|xz|zst|bz2|7z|rar|png|jpe?g|gif|webp|ogg|mp3|mp4)$/i;

export const isCompressedAlready = (path: string): boolean => COMPRESSED_ALREADY.test(path);

/**
 * The archive's order: everything else first, then the files that are compressed already, so the
 * compressor changes its settings once. Folders keep their place before their contents, and the
 * order inside each group is the plan's. Takes paths, or entries and where their path is.
 */
export function compressedAlreadyLast(paths: string[]): string[];
export function compressedAlreadyLast<T>(entries: T[], pathOf: (entry: T) => string): T[];
export function compressedAlreadyLast<T>(entries: T[], pathOf: (entry: T) => string = (entry) => entry as string): T[] {
  const first: T[] = [];
  const last: T[] = [];
  for (const entry of entries) (isCompressedAlready(pathOf(entry)) ? last : first).push(entry);
  return [...first, ...last];
}

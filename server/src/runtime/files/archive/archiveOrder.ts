/**
 * Files whose content is compressed already: Minecraft's region files, Java archives, archives
 * and media. Deflate searching them for matches finds nothing and costs most of a backup's time.
 */
const COMPRESSED_ALREADY = /\.(mca|mcr|mcc|jar|zip|gz|tgz|xz|zst|bz2|7z|rar|png|jpe?g|gif|webp|ogg|mp3|mp4)$/i;

export const isCompressedAlready = (path: string): boolean => COMPRESSED_ALREADY.test(path);

/**
 * The archive's order: everything else first, then the files that are compressed already, so the
 * compressor changes its settings once. Folders keep their place before their contents, and the
 * order inside each group is the plan's.
 */
export function compressedAlreadyLast(paths: string[]): string[] {
  return Array.from(archiveOrderOf(paths), (index) => paths[index]!);
}

/**
 * The same order as indices into `paths` (a folder's path ends in `/`, so no folder is taken for
 * a compressed file). A typed array: a backup keeps one number per entry for its whole length,
 * which as a plain array (two of them, while sorting) outlived the collector's young generation
 * and was copied through it.
 */
export function archiveOrderOf(paths: string[]): Uint32Array {
  const order = new Uint32Array(paths.length);
  let at = 0;
  for (let index = 0; index < paths.length; index += 1) if (!isCompressedAlready(paths[index]!)) order[at++] = index;
  for (let index = 0; index < paths.length; index += 1) if (isCompressedAlready(paths[index]!)) order[at++] = index;
  return order;
}

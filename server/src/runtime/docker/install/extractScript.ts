/**
 * The shell script the installer container runs to unpack a zip into the server's folder: into a
 * staging folder first, so a failure leaves nothing half-extracted; with a subfolder, only its
 * content is kept (Terraria ships every platform in one zip); each entry then replaces the one of
 * the same name. Arguments come as positional parameters ($1 archive, $2 subfolder, $3 "1" to
 * remove the archive, $4 the staging folder), never as shell text.
 */
export const EXTRACT_SCRIPT = `set -eu
archive=$1 subdir=$2 remove=$3 staging=$4
trap 'rm -rf -- "$staging"' EXIT
mkdir -- "$staging"
unzip -q -o "$archive" -d "$staging"
from=$staging
if [ -n "$subdir" ]; then from=$staging/$subdir; fi
if [ ! -d "$from" ] || [ -L "$from" ]; then echo "The archive has no folder $subdir."; exit 3; fi
for entry in "$from"/* "$from"/.[!.]* "$from"/..?*; do
  if [ ! -e "$entry" ] && [ ! -L "$entry" ]; then continue; fi
  name=\${entry##*/}
  rm -rf -- "./$name"
  mv -- "$entry" "./$name"
done
if [ "$remove" = 1 ]; then rm -f -- "$archive"; fi
`;

/**
 * A path of the server's folder as a relative path for a program's arguments: `./` first, so a
 * name starting with `-` is never taken for an option; refused when it leads out of the folder.
 */
export function argumentPath(path: string): string | null {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..') || path.includes('\u0000')) return null;
  return `./${parts.join('/')}`;
}

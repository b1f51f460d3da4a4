/**
 * The shell script the disk helper runs in the node's mount namespace, with the node's own tools
 * (util-linux, e2fsprogs, coreutils: on every Debian or Ubuntu host). Its arguments:
 *
 *   ensure DISKS UUID QUOTA IMAGE JOURNAL   make the server's image when it has none (IMAGE bytes,
 *                                           a JOURNAL MiB journal, 0: none), mount it (e2fsck first)
 *                                           and fit what the game may write to QUOTA bytes (0: leave)
 *   fit    DISKS UUID QUOTA IMAGE           the same fit on a mounted image, without unmounting it
 *   remove DISKS UUID                       unmount and delete the server's image
 *   usage  DISKS                            the figures of every mounted image
 *
 * and it prints `usage UUID BLOCK_SIZE BLOCKS FREE AVAILABLE` (statfs, as the game sees it),
 * `fit ok|deferred`, `unmounted UUID` or `error TEXT` lines.
 *
 * The image (`DISKS/UUID.img`, sparse ext4) is mounted at `DISKS/UUID`; the server's volume binds
 * its `data` folder, which exists only while the image is mounted: without the mount (after a
 * reboot) the volume cannot be mounted, so nothing is ever written to the node's own disk.
 *
 * The quota is held by the blocks ext4 reserves (for a user and group no process has, so not for
 * root either): the game, and every helper that mounts the volume, may fill the file system up to
 * them and gets ENOSPC there, as fast as it writes; only a holder of CAP_SYS_RESOURCE gets past. The image is made for
 * twice the quota (ext4 reserves at most half), so a plan can grow live by changing the reserve
 * (tune2fs on a mounted file system, as administrators change `-m`), which needs no capability a
 * node may withhold. A plan past that size is grown offline (resize2fs) at the server's next
 * start, when nothing else has the file system mounted; shrunk the same way when its files fit.
 */
export const NODE_DISK_SCRIPT = `
set -eu
export PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C
op="$1"; disks="$2"; uuid="\${3:-}"; quota="\${4:-0}"; size="\${5:-0}"; journal="\${6:-0}"
for tool in mkfs.ext4 e2fsck resize2fs tune2fs mount umount mountpoint findmnt losetup stat truncate; do
  command -v "$tool" >/dev/null 2>&1 || { echo "error the node lacks $tool (Debian packages e2fsprogs, util-linux, coreutils)"; exit 3; }
done
mkdir -p "$disks"
chmod 700 "$disks"
img="$disks/$uuid.img"
mnt="$disks/$uuid"

fsck_image() {
  rc=0
  e2fsck "$1" "$img" >/dev/null 2>&1 || rc=$?
  [ "$rc" -le 2 ] || { echo "error the disk image has errors e2fsck cannot repair (exit $rc)"; exit 5; }
}

mount_image() {
  mkdir -p "$mnt"
  chmod 700 "$mnt"
  mountpoint -q "$mnt" && return 0
  if [ -n "$(ls -A "$mnt")" ]; then echo "error files were written into the disk's mount point while its image was not mounted"; exit 4; fi
  fsck_image -p
  mount -t ext4 -o loop,nodev,nosuid,discard "$img" "$mnt"
  mkdir -p "$mnt/data"
}

make_image() {
  rm -f "$img.part"
  truncate -s "$size" "$img.part"
  set -- -q -F -m 0 -b 4096 -i 16384 -I 256
  if [ "$journal" -gt 0 ]; then set -- "$@" -J "size=$journal"; else set -- "$@" -O ^has_journal; fi
  mkfs.ext4 "$@" -E lazy_itable_init=1,lazy_journal_init=1,nodiscard,assume_storage_prezeroed=1 "$img.part" >/dev/null 2>&1 ||
    mkfs.ext4 "$@" -E lazy_itable_init=1,lazy_journal_init=1,nodiscard "$img.part" >/dev/null
  # The reserve is nobody's (root's by default): the panel's helpers are held to the quota as the game is.
  tune2fs -u 65535 -g 65535 "$img.part" >/dev/null
  mv "$img.part" "$img"
  mount_image
  rmdir "$mnt/lost+found" 2>/dev/null || true
  chown 1000:1000 "$mnt/data"
  chmod 750 "$mnt/data"
}

# Sets the reserve so that what the game may fill (used + available) is the quota; answers 1
# when the file system is too small or too large for it (the reserve is then the nearest it can be).
set_reserve() {
  dev="$(findmnt -n -o SOURCE --mountpoint "$mnt")"
  set -- $(stat -f -c '%S %b %f %a' "$mnt")
  reserved="$(tune2fs -l "$dev" | sed -n 's/^Reserved block count: *//p')"
  target=$(( reserved + ($2 - $3 + $4) - (quota + $1 - 1) / $1 ))
  fits=0
  if [ "$target" -lt 0 ]; then target=0; fits=1; fi
  if [ "$target" -gt $(( $2 / 2 )) ]; then target=$(( $2 / 2 )); fits=1; fi
  [ "$target" -eq "$reserved" ] || tune2fs -r "$target" "$dev" >/dev/null
  return "$fits"
}

# Resizes the unmounted image to $size when nothing but its own mount point holds it.
resize_offline() {
  dev="$(findmnt -n -o SOURCE --mountpoint "$mnt")"
  [ "$(findmnt -rn -S "$dev" | wc -l)" -eq 1 ] || return 1
  umount "$mnt" || return 1
  for _ in 1 2 3 4 5 6 7 8 9 10; do losetup -j "$img" | grep -q . || break; sleep 0.2; done
  if losetup -j "$img" | grep -q .; then mount_image; return 1; fi
  fsck_image -fp
  if [ "$size" -gt "$(stat -c %s "$img")" ]; then
    truncate -s "$size" "$img"
    resize2fs "$img" >/dev/null 2>&1 || { mount_image; echo "error resize2fs could not grow the disk image"; exit 6; }
  elif ! resize2fs "$img" "$(( size / 1024 ))K" >/dev/null 2>&1; then
    mount_image
    echo "error the server's files do not fit in its plan's disk"
    exit 7
  else
    truncate -s "$size" "$img"
  fi
  mount_image
}

print_usage() {
  echo "usage $1 $(stat -f -c '%S %b %f %a' "$2")"
}

case "$op" in
  ensure)
    if [ ! -e "$img" ]; then
      [ "$quota" -gt 0 ] || exit 0
      make_image
    fi
    mount_image
    if [ "$quota" -gt 0 ]; then
      if set_reserve; then echo "fit ok"
      elif resize_offline && set_reserve; then echo "fit ok"
      else echo "fit deferred"; fi
    fi
    print_usage "$uuid" "$mnt"
    ;;
  fit)
    mountpoint -q "$mnt" || { echo "unmounted $uuid"; exit 0; }
    if set_reserve; then echo "fit ok"; else echo "fit deferred"; fi
    print_usage "$uuid" "$mnt"
    ;;
  remove)
    if mountpoint -q "$mnt"; then umount "$mnt" 2>/dev/null || umount -l "$mnt"; fi
    rm -f "$img" "$img.part"
    if [ -d "$mnt" ] && ! mountpoint -q "$mnt"; then rm -rf "$mnt"; fi
    echo removed
    ;;
  usage)
    for dir in "$disks"/*/; do
      dir="\${dir%/}"
      name="\${dir##*/}"
      [ -e "$disks/$name.img" ] || continue
      if mountpoint -q "$dir"; then print_usage "$name" "$dir"; else echo "unmounted $name"; fi
    done
    ;;
  *)
    echo "error unknown operation $op"
    exit 2
    ;;
esac
`;

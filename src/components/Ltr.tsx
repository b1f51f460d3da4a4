import type { HTMLAttributes, ReactNode } from 'react';

/** Props of {@link Ltr}. */
export interface LtrProps extends Omit<HTMLAttributes<HTMLElement>, 'dir'> {
  children: ReactNode;
}

/**
 * Code-like text (permission strings, file names and paths, IP:port addresses, UUIDs, commands,
 * versions) always read left to right, also inside right-to-left languages: without this,
 * Arabic turns `-rw-r--r--` into `--rw-r--r-`. A `<bdi dir="ltr">` isolates it from the
 * surrounding text, so neither reorders the other.
 */
export function Ltr({ children, className, ...rest }: LtrProps) {
  return (
    <bdi {...rest} dir="ltr" className={className ? `panel-ltr ${className}` : 'panel-ltr'}>
      {children}
    </bdi>
  );
}

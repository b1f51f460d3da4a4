import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the "Report a problem" dialog (from the user menu or an error notification). */
export function openReportDialog(): void {
  setOpen(true);
}

/** Closes the "Report a problem" dialog. */
export function closeReportDialog(): void {
  setOpen(false);
}

/**
 * Whether the dialog is open. Kept outside the store on purpose: opening the dialog must not
 * add actions to the very log it shows.
 */
export function useReportDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

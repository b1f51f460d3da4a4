import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useFieldErrors } from '../../app/sharedState';

/**
 * Several account forms share field names (`password` is in four of them), while the server's
 * 422 messages are kept by field name only. The scope remembers which form was sent last, and
 * only that form shows the messages.
 */
interface FormScope {
  active: string | null;
  activate: (form: string) => void;
}

const FormScopeContext = createContext<FormScope>({ active: null, activate: () => undefined });

/** Provides the "which form was sent last" scope to the account forms. */
export function AccountFormScope({ children }: { children: ReactNode }) {
  const [active, activate] = useState<string | null>(null);
  const value = useMemo(() => ({ active, activate }), [active]);
  return <FormScopeContext.Provider value={value}>{children}</FormScopeContext.Provider>;
}

const none: string[] = [];

/** The server's messages for `field`, but only when `form` was the form sent last. */
export function useScopedFieldErrors(form: string, field: string): string[] {
  const { active } = useContext(FormScopeContext);
  const messages = useFieldErrors(field);
  return active === form ? messages : none;
}

/** Marks `form` as the one being sent; call it right before the request. */
export function useActivateForm(form: string): () => void {
  const { activate } = useContext(FormScopeContext);
  return () => activate(form);
}

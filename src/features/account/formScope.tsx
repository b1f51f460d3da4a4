import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSubmittedForm, validationFormSubmitted } from '../../core/validation/validationSlice';
import { useFieldErrors } from '../../core/validation/useFieldErrors';

/**
 * Several account forms share field names (`password` is in four of them), while the server's
 * 422 messages are kept by field name only. The store remembers which form was sent last
 * (validation.form), and only that form shows the messages.
 */
const none: string[] = [];

/** The server's messages for `field`, but only when `form` was the form sent last. */
export function useScopedFieldErrors(form: string, field: string): string[] {
  const active = useAppSelector(selectSubmittedForm);
  const messages = useFieldErrors(field);
  return active === form ? messages : none;
}

/** Marks `form` as the one being sent; call it right before the request. */
export function useActivateForm(form: string): () => void {
  const dispatch = useAppDispatch();
  return () => dispatch(validationFormSubmitted(form));
}

import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFieldErrors } from './useFieldErrors';
import { selectFieldErrors, selectSubmittedForm, validationFieldEdited, validationFormSubmitted } from './validationSlice';

const none: string[] = [];

/**
 * The server's messages for `field`, but only when `form` was the form sent last: several forms
 * on one screen often share field names (`name` on the players page), while a 422 names fields
 * only.
 */
export function useFormFieldErrors(form: string, field: string): string[] {
  const active = useAppSelector(selectSubmittedForm);
  const messages = useFieldErrors(field);
  return active === form ? messages : none;
}

/**
 * What a form needs to show the server's messages under its own fields:
 * - `submitted()`, called right before the request, so the next 422 belongs to this form;
 * - `edited(field)`, called when a field's value changes, so a message about the old value goes.
 */
export function useFormValidation(form: string): { submitted: () => void; edited: (field: string) => void } {
  const dispatch = useAppDispatch();
  const submitted = useCallback(() => void dispatch(validationFormSubmitted(form)), [dispatch, form]);
  const edited = useCallback(
    (field: string) =>
      // Read when typing, not on every render; nothing is dispatched when there is nothing to clear,
      // so the action log is not flooded with keystrokes.
      dispatch((next, getState) => {
        const state = getState();
        if (selectSubmittedForm(state) === form && selectFieldErrors(state, field).length > 0) next(validationFieldEdited(field));
      }),
    [dispatch, form],
  );
  return { submitted, edited };
}

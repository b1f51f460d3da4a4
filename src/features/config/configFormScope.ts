import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSubmittedForm, validationFormSubmitted } from '../../core/validation/validationSlice';
import { useFieldErrors } from '../../core/validation/useFieldErrors';

/** The two editors of the config screen; the server's messages belong to the one sent last. */
export type ConfigEditorScope = 'config-form' | 'config-raw';

const none: string[] = [];

/** The server's messages for one key (`values.<key>`), shown by the form only when the form sent last. */
export function useConfigFieldErrors(key: string): string[] {
  const active = useAppSelector(selectSubmittedForm);
  const messages = useFieldErrors(`values.${key}`);
  return active === 'config-form' ? messages : none;
}

/** Marks which editor is sending; call it right before the request. */
export function useActivateConfigEditor(): (scope: ConfigEditorScope) => void {
  const dispatch = useAppDispatch();
  return (scope) => dispatch(validationFormSubmitted(scope));
}

/** `values.max-players` → `max-players`: the key a 422 message is about. */
export function keyOfErrorField(field: string): string {
  return field.startsWith('values.') ? field.slice('values.'.length) : field;
}

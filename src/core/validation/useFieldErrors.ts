import { useAppSelector } from '../../app/hooks';
import { selectFieldErrors } from './validationSlice';

/** The server's messages for one field from the last 422 answer (empty when there are none). */
export function useFieldErrors(field: string): string[] {
  return useAppSelector((state) => selectFieldErrors(state, field));
}

import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { validationCleared } from './validationSlice';

/**
 * Clears the server's field errors when the calling screen unmounts, so they never show up on
 * the next screen that has a field of the same name.
 */
export function useClearValidationOnLeave(): void {
  const dispatch = useAppDispatch();
  useEffect(() => () => void dispatch(validationCleared()), [dispatch]);
}

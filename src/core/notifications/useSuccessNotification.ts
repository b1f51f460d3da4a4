import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { notificationAdded } from './notificationsSlice';

/**
 * Returns a function that shows a success notification (title and text), for actions whose result
 * is not otherwise visible on the page: a quiet success reads as nothing having happened.
 */
export function useSuccessNotification(): (title: string, text: string) => void {
  const dispatch = useAppDispatch();
  return useCallback((title: string, text: string) => void dispatch(notificationAdded({ type: 'success', title, text })), [dispatch]);
}

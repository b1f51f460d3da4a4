import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/**
 * The one door into src/app for the rest of the web app (features and core): the typed hooks,
 * and the store's types for thunks and listeners. Nothing outside app/ imports another app/ file.
 */
export type { AppDispatch, AppStore, AppThunk, RootState } from './store';
export type { AppStartListening } from './listenerMiddleware';

/** `useDispatch` typed for the panel's store (thunks included). Components use only this one. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** `useSelector` typed with the panel's state. Components use only this one. */
export const useAppSelector = useSelector.withTypes<RootState>();

import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/** `useDispatch` typed for the panel's store (thunks included). Components use only this one. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** `useSelector` typed with the panel's state. Components use only this one. */
export const useAppSelector = useSelector.withTypes<RootState>();

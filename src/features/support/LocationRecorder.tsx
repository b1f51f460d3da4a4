import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useLocation } from 'react-router-dom';
import { locationChanged } from './routerSlice';

/** Puts every change of address into the store as `router/locationChanged`. Renders nothing. */
export function LocationRecorder() {
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    dispatch(locationChanged(`${pathname}${search}${hash}`));
  }, [dispatch, pathname, search, hash]);
  return null;
}

import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useLocation } from 'react-router-dom';
import { locationChanged } from '../../core/router/routerSlice';
import { LOCATION_CHANGED } from './actionLogFormat';

// The action type is part of the log format.
if (locationChanged.type !== LOCATION_CHANGED) throw new Error('router/locationChanged renamed');

/** Puts every change of address into the store as `router/locationChanged`. Renders nothing. */
export function LocationRecorder() {
  const dispatch = useAppDispatch();
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    dispatch(locationChanged(`${pathname}${search}${hash}`));
  }, [dispatch, pathname, search, hash]);
  return null;
}

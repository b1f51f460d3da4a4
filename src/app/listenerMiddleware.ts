import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';

/**
 * The one listener middleware. Listeners are registered once, by the first `makeStore`, through
 * `registerAppListeners`; every store made by `makeStore` (tests make many) shares them, and
 * each effect runs against the store that dispatched the action.
 */
export const listenerMiddleware = createListenerMiddleware({
  onError: (error, info) => console.error(`Listener "${info.raisedBy}" failed`, error),
});

/** `startListening` typed with the panel's state and dispatch. */
export const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();

/** The signature every `add<Feature>Listeners(startAppListening)` receives. */
export type AppStartListening = typeof startAppListening;

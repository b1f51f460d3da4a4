import { combineReducers, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer } from 'redux-persist';
import { baseApi } from '../api/baseApi';
import { serverSocketSlice } from '../api/serverSocket/serverSocketSlice';
import { appSlice } from '../core/app/appSlice';
import { localeSlice } from '../core/locale/localeSlice';
import { notificationsSlice } from '../core/notifications/notificationsSlice';
import { sessionSlice } from '../core/session/sessionSlice';
import { createLogReducer } from '../features/support/logReducer';
import { createRecorderMiddleware } from '../features/support/recorderMiddleware';
import { routerSlice } from '../core/router/routerSlice';
import { supportSlice } from '../features/support/supportSlice';
import { themeSlice } from '../core/theme/themeSlice';
import { validationSlice } from '../core/validation/validationSlice';
import { env } from '../env';
import { devToolsOptions } from './devTools';
import { listenerMiddleware } from './listenerMiddleware';
import { preferencesPersistConfig } from './persistConfig';
import { registerAppListeners } from './registerAppListeners';

/** The panel's reducers, without redux-persist around them (replaying logs needs them bare). */
export const rootReducer = combineReducers({
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [appSlice.reducerPath]: appSlice.reducer,
  [validationSlice.reducerPath]: validationSlice.reducer,
  [localeSlice.reducerPath]: localeSlice.reducer,
  [themeSlice.reducerPath]: themeSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [serverSocketSlice.reducerPath]: serverSocketSlice.reducer,
  [supportSlice.reducerPath]: supportSlice.reducer,
  [routerSlice.reducerPath]: routerSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

const persistedReducer = persistReducer(preferencesPersistConfig<ReturnType<typeof rootReducer>>(), rootReducer);

/** The whole client state (plus redux-persist's bookkeeping under `_persist`). */
export type RootState = ReturnType<typeof persistedReducer>;

/** Applies recorded actions to plain state (moves the recording's start when it drops old actions). */
const recordedStateReducer = createLogReducer(rootReducer as Parameters<typeof createLogReducer>[0]);

/** Options of {@link makeStore}. */
export interface MakeStoreOptions {
  /** A store for replaying a recorded log: no recorder, no listeners, no network. */
  replay?: boolean;
}

/**
 * Makes the panel's store. The app makes one; tests make one per case, optionally starting from
 * `preloadedState`. Preferences are restored only when the caller runs `persistStore` on it.
 * A replay store (`{ replay: true }`) records nothing, runs no listeners and never reaches the
 * network: its base query refuses every request.
 */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  const replay = options.replay === true;
  // Registered here, explicitly and once (not when this module is imported): every feature's and
  // core's listeners, shared by all the stores the app and tests make. A replay store runs none.
  if (!replay) registerAppListeners();
  return configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => {
      const defaults = getDefaultMiddleware({
        thunk: { extraArgument: { network: !replay } },
        // redux-persist's own actions carry functions; everything else must be serialisable.
        // (Development-only checks; the higher threshold keeps slow CI machines from warning.)
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], warnAfter: 128 },
        immutableCheck: { warnAfter: 128 },
      });
      if (replay) return defaults.concat(baseApi.middleware);
      // The recorder comes first, so it logs actions in the order the reducers see them.
      const recorder = createRecorderMiddleware({ reduce: recordedStateReducer, persist: typeof window !== 'undefined' });
      return defaults.prepend(recorder, listenerMiddleware.middleware).concat(baseApi.middleware);
    },
    devTools: env.isDevelopment && !replay ? devToolsOptions : false,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
/** A thunk of the panel (features' start-up and bootstrap logic). */
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;

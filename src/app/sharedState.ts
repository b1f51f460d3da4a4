/**
 * The public actions, selectors and hooks of the cross-cutting features (session, app state,
 * validation, notifications, locale), for the page features (auth, account, dashboard, server).
 * Features do not import each other; they meet here in src/app.
 */
export { firstNavigation, selectInitialised, selectIsLoading } from '../features/app/appSlice';
export { localeChanged, selectLanguages, selectLocale } from '../features/locale/localeSlice';
export { notificationAdded, notificationDismissed, selectNotifications } from '../features/notifications/notificationsSlice';
export {
  authenticated,
  loggedOut,
  selectCurrentUser,
  selectIsAuthenticated,
  selectSessionStatus,
  tokenReceived,
} from '../features/session/sessionSlice';
export { useDateTime } from '../features/session/useDateTime';
export { selectThemeName } from '../features/theme/themeSlice';
export { useClearValidationOnLeave } from '../features/validation/useClearValidationOnLeave';
export { useFieldErrors } from '../features/validation/useFieldErrors';
export { selectSubmittedForm, validationCleared, validationFormSubmitted } from '../features/validation/validationSlice';

/**
 * The access token in localStorage under `access_token`. The functions live with the API layer
 * (its base query reads the token for every request, and shared code does not import features);
 * the session feature owns them through this module.
 */
export { ACCESS_TOKEN_KEY, clearStoredToken, getStoredToken, storeToken } from '../../api/accessToken';

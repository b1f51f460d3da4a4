import { apiErrorMessage, apiFieldErrors } from '../../api/apiError';

/** What went wrong, in the server's words: the per-field messages of a 422 (a refused file says why), else its message. */
export const errorText = (error: unknown): string | undefined => Object.values(apiFieldErrors(error)).flat().join(' ') || apiErrorMessage(error);

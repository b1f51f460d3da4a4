import { Type, type TSchema } from 'typebox';

/** `{ message }`: the body of every error answer (401, 403, 404, 419, 429 ...). */
export const MessageSchema = Type.Object({ message: Type.String() });

/** `{ message, errors: { field: [messages] } }`: the body of a 422 answer. */
export const ValidationErrorSchema = Type.Object({
  message: Type.String(),
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
});

/** Bodyless answer (204). */
export const NoContentSchema = Type.Null({ description: 'No content' });

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 419 | 422 | 429 | 502;

const descriptions: Record<ErrorStatus, string> = {
  400: 'The request cannot be carried out in the current state',
  401: 'Missing, expired or revoked access token ("Unauthenticated.")',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  419: 'XSRF cookie present without a matching X-XSRF-TOKEN header ("CSRF token mismatch.")',
  422: 'Validation failed: every bad field with its messages',
  429: 'Too many attempts; see the Retry-After header',
  502: 'A service the panel depends on (DNS, ...) could not be reached or refused; nothing was changed',
};

/**
 * Response schemas for the given error statuses, so the OpenAPI document lists every status a
 * route can answer with.
 */
export function errorResponses<S extends ErrorStatus[]>(...statuses: S): ErrorResponses<S[number]> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) {
    const base = status === 422 ? ValidationErrorSchema : MessageSchema;
    out[status] = Type.Object(base.properties, { description: descriptions[status] });
  }
  return out as ErrorResponses<S[number]>;
}

/** The response map `errorResponses` builds, typed per status. */
export type ErrorResponses<K extends ErrorStatus> = {
  [P in K]: P extends 422 ? typeof ValidationErrorSchema : typeof MessageSchema;
};

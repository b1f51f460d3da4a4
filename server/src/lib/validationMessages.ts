import type { FastifySchemaValidationError } from 'fastify/types/schema';

/** Rule texts shared with the client (SPEC section 5), so both speak the same words. */
export const ruleText = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  number: 'Must be a number',
  integer: 'Must be an integer',
  invalid: 'Invalid format',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be at most ${n} characters`,
  minimum: (n: number) => `Must be at least ${n}`,
  maximum: (n: number) => `Must be at most ${n}`,
  oneOf: 'Choose one of the allowed values',
} as const;

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return [error.instancePath.slice(1).replace(/\//g, '.'), params.missingProperty].filter(Boolean).join('.');
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return params.additionalProperty;
  }
  return error.instancePath.slice(1).replace(/\//g, '.') || '_';
}

function messageOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, number | string>;
  switch (error.keyword) {
    case 'required':
      return ruleText.required;
    case 'format':
      return params.format === 'email' ? ruleText.email : ruleText.invalid;
    case 'minLength':
      return Number(params.limit) === 1 ? ruleText.required : ruleText.minLength(Number(params.limit));
    case 'maxLength':
      return ruleText.maxLength(Number(params.limit));
    case 'minimum':
      return ruleText.minimum(Number(params.limit));
    case 'maximum':
      return ruleText.maximum(Number(params.limit));
    case 'type':
      return params.type === 'integer' ? ruleText.integer : params.type === 'number' ? ruleText.number : ruleText.invalid;
    case 'enum':
    case 'const':
    case 'anyOf':
      return ruleText.oneOf;
    case 'additionalProperties':
      return 'This field is not allowed';
    default:
      return ruleText.invalid;
  }
}

/** Turns schema validation errors into `{ field: [messages] }`, every bad field at once. */
export function toFieldErrors(errors: FastifySchemaValidationError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error);
    const message = messageOf(error);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

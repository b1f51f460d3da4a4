import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors';
import { ruleText, toFieldErrors } from './validationMessages';

/**
 * Collects per-field messages from the schema check and from the route's own rules
 * (confirmation, uniqueness, password checks), so a 422 names every bad field at once.
 * Routes using it set `attachValidation: true`.
 */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  /** Starts from the schema errors attached to the request (if any). */
  static fromRequest(request: FastifyRequest): FieldErrors {
    const collected = new FieldErrors();
    const validation = request.validationError?.validation;
    if (!validation) return collected;
    const body = isRecord(request.body) ? request.body : {};
    for (const [field, messages] of Object.entries(toFieldErrors(validation))) {
      // An empty value is a missing value: one clear message instead of a length rule.
      const value = body[field];
      const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      if (empty && field in body) collected.errors[field] = [ruleText.required];
      else for (const message of withoutUnionNoise(messages)) collected.add(field, message);
    }
    return collected;
  }

  add(field: string, message: string): this {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
    return this;
  }

  /** Whether the field already failed (later rules, like uniqueness, then skip it). */
  has(field: string): boolean {
    return field in this.errors || '_' in this.errors;
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** Throws the 422 when any field failed. */
  throwIfAny(): void {
    if (!this.empty) throw new ValidationError({ ...this.errors });
  }
}

// A value failing a union (e.g. string-or-null) fails every branch: keep the specific rule
// ("Must be at most 191 characters") and drop the generic ones the other branches add.
const GENERIC: string[] = [ruleText.invalid, ruleText.oneOf];
function withoutUnionNoise(messages: string[]): string[] {
  const specific = messages.filter((m) => !GENERIC.includes(m));
  return specific.length > 0 ? specific : messages;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Trims and lower-cases the named string fields of a JSON body (emails, usernames, logins). */
export function normalizeFields(body: unknown, fields: string[]): void {
  if (!isRecord(body)) return;
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string') body[field] = value.trim().toLowerCase();
  }
}

import { randomUUID } from 'node:crypto';

/** A JSON schema as the OpenAPI document holds it (only what sample generation reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  format?: string;
  minLength?: number;
  minimum?: number;
  default?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return resolve(doc.components?.schemas?.[name] ?? {}, doc);
}

function stringSample(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return 'someone@example.com';
    case 'date-time':
      return new Date().toISOString();
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/**
 * Valid values for a schema: one per enum member, const or union branch (so a route whose
 * permission depends on a field, like the power signal, is tried with every value), else one.
 */
export function variants(input: JsonSchema, doc: OpenApiDocument): unknown[] {
  const schema = resolve(input, doc);
  if ('const' in schema) return [schema.const];
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch) => variants(branch, doc)).filter((value) => value !== null);
  if (schema.allOf) return variants(Object.assign({}, ...schema.allOf.map((part) => resolve(part, doc))) as JsonSchema, doc);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return objectVariants(schema, doc);
    case 'array': {
      const item = schema.items ? variants(schema.items, doc)[0] : 'x';
      return [Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item)];
    }
    case 'string':
      return [stringSample(schema)];
    case 'integer':
    case 'number':
      return [schema.default ?? schema.minimum ?? 1];
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    default:
      return [{}];
  }
}

/** The object with every required property, plus one variant per alternative value of any property. */
function objectVariants(schema: JsonSchema, doc: OpenApiDocument): Record<string, unknown>[] {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const base: Record<string, unknown> = {};
  for (const [name, property] of properties) if (required.has(name)) base[name] = variants(property, doc)[0];
  const out = [base];
  for (const [name, property] of properties) {
    const values = variants(property, doc);
    for (const value of required.has(name) ? values.slice(1) : values.length > 1 ? values : []) out.push({ ...base, [name]: value });
  }
  return out;
}

/** Sample bodies and query strings for one operation of the document. */
export function requestSamples(doc: OpenApiDocument, path: string, method: string): { body: unknown; query: Record<string, string> }[] {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) return [{ body: undefined, query: {} }];
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const bodies = bodySchema ? variants(bodySchema, doc) : [undefined];
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const query: Record<string, string> = {};
  for (const param of queryParams) if (param.required) query[param.name] = String(variants(param.schema, doc)[0]);
  const samples = bodies.map((body) => ({ body, query }));
  // Query values that could decide the permission (enums) are tried one by one too.
  for (const param of queryParams) {
    const values = variants(param.schema, doc);
    if (values.length > 1) for (const value of values) samples.push({ body: bodies[0], query: { ...query, [param.name]: String(value) } });
  }
  return samples;
}

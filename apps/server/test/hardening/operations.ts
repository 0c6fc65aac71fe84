// The API as its OpenAPI document describes it: every operation with the inputs it takes, and a
// valid example of each. The hardening tests build their requests from this, so a route added
// later is covered without anyone remembering to list it.
import type { App } from '../../src/app.ts';
import { PASSWORD } from '../accounts.ts';

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  nullable?: boolean;
  $ref?: string;
}

export interface Input {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** As documented, e.g. /api/products/{id}. */
  path: string;
  params: Input[];
  query: Input[];
  /** The JSON body's schema, when the operation reads one. */
  body?: JsonSchema;
  /** It takes a bearer token (the person's own data, or the back office). */
  secured: boolean;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        security?: Record<string, unknown>[];
      }
    >
  >;
}

export async function documentedOperations(app: App): Promise<Operation[]> {
  const res = await app.inject('/api/openapi.json');
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json() as Document;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const inputs = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false }));
      operations.push({
        method: method.toUpperCase(),
        path,
        params: inputs('path'),
        query: inputs('query'),
        body: op.requestBody?.content['application/json']?.schema,
        secured: (op.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  }
  return operations;
}

export const describeOperation = (op: Operation) => `${op.method} ${op.path}`;

/** Percent-encodes every byte of the UTF-8 text but letters, digits and -._~ (never throws). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The operation's address with its path parameters filled in and a query string. */
export function urlOf(
  op: Operation,
  params: Record<string, string>,
  query: [string, string][] = [],
): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${describeOperation(op)}: no value for {${name}}`);
    return percentEncode(value);
  });
  const search = query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  return search ? `${path}?${search}` : path;
}

/** Fields whose schema alone does not say what a valid value looks like (formats, patterns). */
const NAMED_EXAMPLES: Record<string, unknown> = {
  email: 'wanjiru@example.co.ke',
  username: 'Wanjiru',
  phone_number: '0712345678',
  phone: '0712345678',
  zip_code: '00100',
  password: PASSWORD,
  currentPassword: PASSWORD,
  newPassword: PASSWORD,
  category: 'test-goods',
  images: ['/images/products/test.webp'],
  from: '2026-11-01',
  to: '2026-11-30',
  // Counties are named by their official codes (Nairobi City).
  code: '047',
  county: '047',
  county_code: '047',
  codes: ['047'],
};

/** A value the schema accepts. */
export function exampleOf(schema: JsonSchema, name?: string): unknown {
  if (name !== undefined && name in NAMED_EXAMPLES) return NAMED_EXAMPLES[name];
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const above = schema.exclusiveMinimum === true ? 1 : 0;
      const low = Math.max(1, (schema.minimum ?? 1) + above);
      return Math.min(low, schema.maximum ?? low);
    }
    case 'boolean':
      return true;
    case 'string':
      return 'Some text';
    case 'array':
      return [exampleOf(schema.items ?? {}, name)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, exampleOf(s, key)]),
      );
    default:
      return {};
  }
}

export const isNumeric = (schema: JsonSchema) =>
  schema.type === 'integer' || schema.type === 'number';

// The public catalogue's answers are our own rows on the hottest paths: they are written by a
// serializer compiled once per route from the same zod schema (fast-json-stringify, as Fastify does
// for JSON Schema) instead of being validated again on every response. Like zod, it writes only
// the schema's fields, so nothing else can leak out.
import fastJson from 'fast-json-stringify';
import { toJSONSchema, type ZodType } from 'zod';

export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = toJSONSchema(schema as ZodType, { io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route's answer written by a serializer compiled from its zod schema (fast-json-stringify over the schema's JSON
 * Schema) instead of validating the answer with zod and then JSON.stringify: for calls made on every page, whose
 * answer is built by one function from one row (GET /v1/account). Set it as the route's `serializerCompiler`.
 * Only the properties the schema declares are written, and a required one missing throws (a 500), as zod would;
 * a schema JSON Schema cannot say (transforms, dates) fails here, when the route is declared, not on a call.
 */
export function compiledAnswer<T>({ schema }: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Parameters<typeof fastJson>[0]);
}

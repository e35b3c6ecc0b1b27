/**
 * zod → JSON Schema for OpenAI strict structured outputs, which want every object closed
 * (additionalProperties: false) with every property required (optional fields are expressed as nullable).
 */
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function strictJsonSchema(schema: z.ZodType): { [k: string]: Json } {
  const raw = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as { [k: string]: Json };
  delete raw.$schema;
  return close(raw) as { [k: string]: Json };
}

function close(node: Json): Json {
  if (Array.isArray(node)) return node.map(close);
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) out[k] = close(v);
  const props = out.properties;
  if (out.type === 'object' && props && typeof props === 'object' && !Array.isArray(props)) {
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  return out;
}

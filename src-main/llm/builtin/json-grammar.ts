/**
 * JSON Schemas as the chat and the memory agent write them (zod → draft-7) → the subset node-llama-cpp turns
 * into a grammar. Strings and arrays get an upper bound, so a constrained answer always ends within the token
 * budget (an unbounded string lets a small model ramble until it is cut, and a cut answer does not parse).
 */
import type { BuiltinTool, BuiltinToolChoice, JsonSchema } from './protocol';

export interface JsonLimits {
  maxStringLength: number;
  maxArrayItems: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxStringLength: 2000, maxArrayItems: 64 };

const STRING_FORMATS = new Set(['date-time', 'time', 'date']);

type Node = { [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export function boundJsonSchema(schema: JsonSchema, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonSchema {
  return convert(schema, limits);
}

function convert(node: Node, limits: JsonLimits): Node {
  const out: Node = {};
  if (typeof node.description === 'string') out.description = node.description;
  // A one-value enum rather than `const`: the same constraint, and a rule small models were seen to stall on.
  if ('const' in node) return { ...out, enum: [node.const] };
  if (Array.isArray(node.enum)) return { ...out, enum: node.enum };
  const alternatives = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : null;
  if (alternatives) return { ...out, oneOf: alternatives.filter(isNode).map((a) => convert(a, limits)) };
  const type = node.type;
  if (Array.isArray(type)) {
    // ["string", "null"] with string bounds: split so the string part keeps its bound.
    return { ...out, oneOf: type.map((t) => convert({ ...node, type: t }, limits)) };
  }
  if (type === 'string') {
    if (typeof node.format === 'string' && STRING_FORMATS.has(node.format)) return { ...out, type, format: node.format };
    const max = Math.min(typeof node.maxLength === 'number' ? node.maxLength : Infinity, limits.maxStringLength);
    return { ...out, type, maxLength: max, ...(typeof node.minLength === 'number' ? { minLength: Math.min(node.minLength, max) } : {}) };
  }
  if (type === 'array') {
    const max = Math.min(typeof node.maxItems === 'number' ? node.maxItems : Infinity, limits.maxArrayItems);
    return {
      ...out,
      type,
      ...(isNode(node.items) ? { items: convert(node.items, limits) } : {}),
      maxItems: max,
      ...(typeof node.minItems === 'number' ? { minItems: Math.min(node.minItems, max) } : {}),
    };
  }
  if (type === 'object') {
    const props = isNode(node.properties) ? node.properties : {};
    const properties = Object.fromEntries(Object.entries(props).filter(([, v]) => isNode(v)).map(([k, v]) => [k, convert(v as Node, limits)]));
    const required = Array.isArray(node.required) ? node.required.filter((k): k is string => typeof k === 'string' && k in properties) : Object.keys(properties);
    const additional = isNode(node.additionalProperties) ? convert(node.additionalProperties, limits) : node.additionalProperties === true && Object.keys(properties).length === 0;
    return { ...out, type, properties, required, additionalProperties: additional };
  }
  if (type === 'integer' && typeof node.minimum === 'number' && typeof node.maximum === 'number' && node.maximum - node.minimum <= 100) {
    // A small range is spelled out, so the answer is inside it (e.g. a search's `limit` of 1–20).
    return { ...out, enum: Array.from({ length: node.maximum - node.minimum + 1 }, (_, i) => (node.minimum as number) + i) };
  }
  if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'null') return { ...out, type };
  // An unconstrained value ({}): any JSON.
  return { ...out, type: ['string', 'number', 'boolean', 'null'] };
}

/** The shape of a forced tool call: `{ name, arguments }`, one alternative per tool the choice allows. */
export function toolCallSchema(tools: readonly BuiltinTool[], choice: BuiltinToolChoice | undefined): JsonSchema {
  const allowed = typeof choice === 'object' ? tools.filter((t) => t.name === choice.name) : tools;
  if (allowed.length === 0) throw new Error(`tool_choice names a tool that was not offered: ${typeof choice === 'object' ? choice.name : ''}`);
  const shapes = allowed.map((t) => ({
    type: 'object',
    properties: { name: { const: t.name }, arguments: t.parameters },
    required: ['name', 'arguments'],
    additionalProperties: false,
  }));
  return shapes.length === 1 ? (shapes[0] as JsonSchema) : { oneOf: shapes };
}

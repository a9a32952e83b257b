import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialisation with zod's result, without zod's per-call cost.
 *
 * `fastify-type-provider-zod` encodes every response with `z.safeEncode` (which drops the keys the
 * schema does not name — password hashes stay on the server) and then `JSON.stringify`s it; its
 * generic machinery was the largest cost of a `GET /me` after the database. Here each response
 * schema is compiled once into plain checks for the shapes our contract uses (objects, strings,
 * numbers, integers, booleans, literals, enums, nullable, optional, arrays, unions). Any other part
 * — checks such as `.email()`, records, transforms, codecs, defaults — is handed to zod itself for
 * that part. The compiled path never decides an error: when a value does not pass its checks, the
 * whole response goes through zod's own serialiser, so errors stay exactly zod's.
 */

/** Marks a value the compiled checks did not accept. */
const REJECT: unique symbol = Symbol('reject');
type Encode = (value: unknown) => unknown;

/** What a zod schema says of itself (its `_zod.def`), as far as the compiler and its tests read it. */
export interface SchemaDef {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  inclusive?: boolean;
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Whether a number schema checks nothing but the safe-integer format (`z.int()`, `z.number().int()`). */
function isSafeInt(def: SchemaDef): boolean {
  const checks = def.checks ?? [];
  const formatOk = def.format === undefined || def.format === 'safeint';
  const checksOk = checks.every((c) => c._zod.def.check === 'number_format' && c._zod.def.format === 'safeint');
  return formatOk && checksOk && (def.format === 'safeint' || checks.length > 0);
}

/** Zod itself, for a part the compiled checks do not cover. */
function byZod(schema: z.ZodType): Encode {
  return (value) => {
    const result = z.safeEncode(schema, value);
    return result.success ? result.data : REJECT;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compileObject(def: SchemaDef, zodParts: string[]): Encode | null {
  if (def.catchall !== undefined || !def.shape) return null; // strict, loose and catch-all objects
  const fields = Object.keys(def.shape)
    .filter((key) => key !== '__proto__')
    .map((key) => {
      const child = (def.shape as Record<string, z.ZodType>)[key] as z.ZodType;
      return { key, optional: defOf(child).type === 'optional', encode: compile(child, zodParts) };
    });
  return (value) => {
    if (!isObject(value)) return REJECT;
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (!(field.key in value)) {
        if (field.optional) continue;
        return REJECT;
      }
      const encoded = field.encode(value[field.key]);
      if (encoded === REJECT) return REJECT;
      out[field.key] = encoded;
    }
    return out;
  };
}

function compileNode(schema: z.ZodType, zodParts: string[]): Encode | null {
  const def = defOf(schema);
  if (def.coerce) return null;
  if (def.checks && def.checks.length > 0 && !(def.type === 'number' && isSafeInt(def))) return null;
  switch (def.type) {
    case 'string':
      return def.format === undefined ? (v) => (typeof v === 'string' ? v : REJECT) : null;
    case 'number':
      if (isSafeInt(def)) return (v) => (Number.isSafeInteger(v) ? v : REJECT);
      if (def.format === undefined && !def.checks?.length)
        return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : REJECT);
      return null;
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : REJECT);
    case 'null':
      return (v) => (v === null ? v : REJECT);
    case 'literal': {
      const values = def.values ?? [];
      if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return null;
      return (v) => (values.includes(v) ? v : REJECT);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (!values.every((v) => typeof v === 'string' || Number.isFinite(v))) return null;
      return (v) => (values.includes(v) ? v : REJECT);
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType, zodParts);
      return (v) => (v === null ? null : inner(v));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType, zodParts);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    case 'array': {
      const element = compile(def.element as z.ZodType, zodParts);
      return (v) => {
        if (!Array.isArray(v)) return REJECT;
        const out = new Array(v.length);
        for (let i = 0; i < v.length; i++) {
          const encoded = element(v[i]);
          if (encoded === REJECT) return REJECT;
          out[i] = encoded;
        }
        return out;
      };
    }
    case 'union': {
      // zod takes the first option that accepts the value; discriminated and exclusive unions go to zod.
      if (def.discriminator !== undefined || def.inclusive === false || !def.options) return null;
      const options = def.options.map((option) => compile(option, zodParts));
      return (v) => {
        for (const option of options) {
          const encoded = option(v);
          if (encoded !== REJECT) return encoded;
        }
        return REJECT;
      };
    }
    case 'object':
      return compileObject(def, zodParts);
    default:
      return null;
  }
}

/** A schema's compiled encoder; zod's own encoder for any part the compiler does not cover. */
function compile(schema: z.ZodType, zodParts: string[]): Encode {
  const compiled = compileNode(schema, zodParts);
  if (compiled) return compiled;
  zodParts.push(defOf(schema).type);
  return byZod(schema);
}

/** The compiled encoder of a response schema and the kinds of its parts left to zod (for tests). */
export function compileResponseEncoder(schema: z.ZodType) {
  const zodParts: string[] = [];
  const encode = compile(schema, zodParts);
  return {
    zodParts,
    encode: (value: unknown): { ok: true; value: unknown } | { ok: false } => {
      const encoded = encode(value);
      return encoded === REJECT ? { ok: false } : { ok: true, value: encoded };
    },
  };
}

function resolveSchema(schema: unknown): z.ZodType | null {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  if (isObject(schema) && schema.properties instanceof $ZodType) return schema.properties as z.ZodType;
  return null;
}

/** Fastify serializer compiler: the compiled path, and zod's serialiser whenever that path rejects. */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const fallback = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = resolveSchema(route.schema);
  if (!schema) return fallback;
  const encode = compile(schema, []);
  return (data) => {
    const encoded = encode(data);
    return encoded === REJECT ? fallback(data) : JSON.stringify(encoded);
  };
};

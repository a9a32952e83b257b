import { endpoints } from '@heed/contract';
import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  type SchemaDef,
  compileResponseEncoder,
  defOf,
  responseSerializerCompiler,
} from '../src/platform/response-serializer.ts';

const isInt = (def: SchemaDef) =>
  def.format === 'safeint' || (def.checks ?? []).some((c) => c._zod.def.format === 'safeint');

/** Values shaped like the schema, with extra keys a row would carry, and now and then anything at all. */
function valuesOf(schema: z.ZodType, noise = true): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return def.checks?.length ? fc.oneof(fc.emailAddress(), fc.string(), fc.uuid()) : fc.string();
      case 'number':
        return isInt(def)
          ? fc.oneof(fc.integer(), fc.constant(Number.MAX_SAFE_INTEGER + 1), fc.constant(-0))
          : fc.oneof(fc.integer(), fc.double());
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'literal':
        return fc.constantFrom(...(def.values ?? []));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries ?? {}));
      case 'nullable':
        return fc.oneof(fc.constant(null), valuesOf(def.innerType as z.ZodType));
      case 'optional':
        return fc.oneof(fc.constant(undefined), valuesOf(def.innerType as z.ZodType));
      case 'array':
        return fc.array(valuesOf(def.element as z.ZodType), { maxLength: 3 });
      case 'union':
        return fc.oneof(...(def.options ?? []).map((o) => valuesOf(o)));
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 5 }), valuesOf(def.valueType as z.ZodType), { maxKeys: 3 });
      case 'object': {
        const shape = def.shape ?? {};
        const optional = Object.keys(shape).filter((k) => defOf(shape[k] as z.ZodType).type === 'optional');
        return fc
          .tuple(
            fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valuesOf(v)])), {
              requiredKeys: Object.keys(shape).filter((k) => !optional.includes(k)),
            }),
            fc.option(fc.record({ password_hash: fc.string(), secret: fc.anything() }), { nil: undefined }),
          )
          .map(([fields, extra]) => ({ ...extra, ...fields }));
      }
      default:
        return fc.anything();
    }
  })();
  return noise ? fc.oneof({ weight: 12, arbitrary: shaped }, { weight: 1, arbitrary: fc.anything() }) : shaped;
}

function outcome(serialize: (data: unknown) => string, data: unknown) {
  try {
    return { json: serialize(data) };
  } catch (error) {
    return { error: (error as Error).message, cause: String((error as { cause?: unknown }).cause) };
  }
}

const withResponse = Object.entries(endpoints).flatMap(([name, e]) =>
  'response' in e && e.response ? [[name, { method: e.method, response: e.response as z.ZodType }] as const] : [],
);

describe('the compiled response serialiser', () => {
  it.each(withResponse)('writes what zod writes, and fails where zod fails: %s', (name, endpoint) => {
    const route = { schema: endpoint.response, method: endpoint.method, url: name, httpStatus: '200' };
    const fast = responseSerializerCompiler(route as never) as (data: unknown) => string;
    const zod = zodSerializerCompiler(route as never) as (data: unknown) => string;
    fc.assert(
      fc.property(valuesOf(endpoint.response as z.ZodType), (data) => {
        expect(outcome(fast, data)).toEqual(outcome(zod, data));
      }),
      { numRuns: 150 },
    );
  });

  it("drops the fields a schema does not name, like zod's stripping", () => {
    const fast = responseSerializerCompiler({
      schema: endpoints.getMe.response,
      method: 'GET',
      url: '/me',
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    const user = {
      id: 7,
      username: 'carol',
      email: null,
      first_name: 'Carol',
      last_name: 'Jones',
      role: 1,
      site_admin: false,
      suspended: false,
      company: { id: 3, name: 'Acme' },
      impersonator: null,
      password_hash: '$argon2id$…',
    };
    const body = JSON.parse(fast({ data: user, csrf_token: 'x' }));
    expect(body).toEqual({
      data: { ...user, company: { id: 3 }, password_hash: undefined },
    });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('compiles /me and sign-in completely, leaving no part to zod', () => {
    expect(compileResponseEncoder(endpoints.getMe.response).zodParts).toEqual([]);
    expect(compileResponseEncoder(endpoints.login.response).zodParts).toEqual([]);
  });
});

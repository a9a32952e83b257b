import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * A query built and compiled once per database handle; each call only binds new parameters.
 * Kysely otherwise rebuilds and recompiles the SQL of a query on every call, which costs more than
 * running a small indexed query — worth avoiding on the path every request takes (the session
 * lookup). `build` receives the database and must use the placeholder values it is given; the
 * call's `parameters` replace them in the order they appear in the compiled SQL.
 */
export function compileOnce<Row>(build: (db: Kysely<Database>) => Compilable<Row>) {
  const compiledFor = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, parameters: readonly unknown[]): Promise<Row[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db).compile();
      if (compiled.parameters.length !== parameters.length) {
        throw new Error(
          `compileOnce: the query has ${compiled.parameters.length} parameters, not ${parameters.length}`,
        );
      }
      compiledFor.set(db, compiled);
    }
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

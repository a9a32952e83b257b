import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { RunContext } from './chunk-apply.ts';
import type { DepartmentNode } from './department-index.ts';
import {
  allocateUserIds,
  deleteCustomValues,
  endSessions,
  insertDepartment,
  insertUsers,
  updateUsers,
  upsertCustomValues,
} from './import-writes.repository.ts';
import type { NewDepartment, RowPlan } from './row-plan.ts';

// The writes of a chunk's planned rows, inside its transaction: missing departments first, then the
// users (new ones with ids taken beforehand), their custom values and the sessions of the deactivated.

export type Written = Extract<RowPlan, { kind: 'create' | 'update' }>;

export async function createDepartments(run: RunContext, trx: Kysely<Database>, plans: Written[], now: string) {
  const created: { names: string[]; node: DepartmentNode }[] = [];
  const local = new Map<string, DepartmentNode>();
  const find = (names: string[]) => local.get(names.join('/').toLowerCase()) ?? run.plan.departments.nodeOf(names);
  const ensure = async (wanted: NewDepartment) => {
    let parent: DepartmentNode | null =
      wanted.missingFrom > 0 ? (find(wanted.names.slice(0, wanted.missingFrom)) ?? null) : null;
    for (let depth = wanted.missingFrom; depth < wanted.names.length; depth++) {
      const names = wanted.names.slice(0, depth + 1);
      const existing = find(names);
      if (existing) {
        parent = existing;
        continue;
      }
      const node = await insertDepartment(trx, run.plan.companyId, parent, names.at(-1)!, now);
      local.set(names.join('/').toLowerCase(), node);
      created.push({ names, node });
      parent = node;
    }
    return parent!.id;
  };
  for (const plan of plans) if (plan.newDepartment) plan.values.department_id = await ensure(plan.newDepartment);
  return created;
}

export async function writeUsers(run: RunContext, trx: Kysely<Database>, plans: Written[], now: string) {
  const { dialect, plan: ctx } = run;
  const creates = plans.filter((p) => p.kind === 'create');
  const ids = await allocateUserIds(trx, dialect, creates.length);
  const idOf = new Map<Written, number>();
  const createdByKey = new Map<string, number>();
  creates.forEach((plan, index) => {
    idOf.set(plan, ids[index]!);
    createdByKey.set(plan.values.username, ids[index]!);
    if (plan.values.email) createdByKey.set(plan.values.email, ids[index]!);
  });
  for (const plan of plans) {
    if (plan.kind === 'update') idOf.set(plan, plan.user.id);
    // A manager created by an earlier row of this chunk: its id is known, and its row is inserted first.
    if (plan.managerLink) plan.values.manager_id = createdByKey.get(plan.managerLink) ?? null;
  }
  await insertUsers(
    trx,
    dialect,
    ctx.companyId,
    creates.map((p) => ({ id: idOf.get(p)!, values: p.values })),
    now,
  );
  const updates = plans.filter((p) => p.kind === 'update');
  await updateUsers(
    trx,
    dialect,
    updates.map((p) => ({ id: p.user.id, values: p.values })),
    now,
  );
  await endSessions(
    trx,
    updates.filter((p) => p.user.suspended === 0 && p.values.suspended === 1).map((p) => p.user.id),
  );
  const inserts: [number, number, string][] = [];
  const replaces: [number, number, string][] = [];
  const deletes = new Map<number, number[]>();
  for (const plan of plans) {
    for (const value of plan.custom) {
      const userId = idOf.get(plan)!;
      if (value.value !== null)
        (plan.kind === 'create' ? inserts : replaces).push([userId, value.fieldId, value.value]);
      else if (plan.kind === 'update') deletes.set(value.fieldId, [...(deletes.get(value.fieldId) ?? []), userId]);
    }
  }
  await upsertCustomValues(trx, dialect, ctx.companyId, inserts, false);
  await upsertCustomValues(trx, dialect, ctx.companyId, replaces, true);
  await deleteCustomValues(trx, deletes);
  return idOf;
}

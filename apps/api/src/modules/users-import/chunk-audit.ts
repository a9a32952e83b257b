import type { RunContext } from './chunk-apply.ts';
import type { DepartmentNode } from './department-index.ts';
import type { AuditRow } from './import-writes.repository.ts';
import type { Written } from './chunk-writes.ts';
import { USER_VALUE_KEYS, type UserValues } from './row-plan.ts';

const asUser = (values: UserValues) => ({ ...values, suspended: values.suspended === 1 });

/**
 * The audit entries of a chunk: one per created department, one per created user (everything it
 * was given) and one per updated user (only what changed, before and after). Each names the import.
 */
export function auditRowsOf(
  run: RunContext,
  plans: Written[],
  idOf: Map<Written, number>,
  departments: { node: DepartmentNode }[],
): AuditRow[] {
  const keyOf = new Map(run.plan.setup.customFields.map((field) => [field.id, field.key]));
  const customOf = (values: { fieldId: number; value: string | null }[]) =>
    Object.fromEntries(values.map((v) => [keyOf.get(v.fieldId) ?? String(v.fieldId), v.value]));
  const importId = run.importId;
  const rows: AuditRow[] = departments.map(({ node }) => ({
    action: 'department.create',
    entityType: 'department',
    entityId: node.id,
    before: null,
    after: { ...node, import_id: importId },
  }));
  for (const plan of plans) {
    const id = idOf.get(plan)!;
    if (plan.kind === 'create') {
      const custom = customOf(plan.custom);
      rows.push({
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        before: null,
        after: { id, ...asUser(plan.values), custom_fields: custom, import_id: importId },
      });
      continue;
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const current = asUser(plan.user as unknown as UserValues);
    const next = asUser(plan.values);
    for (const key of USER_VALUE_KEYS) {
      if (current[key] === next[key]) continue;
      before[key] = current[key];
      after[key] = next[key];
    }
    if (plan.custom.length > 0) {
      before.custom_fields = Object.fromEntries(
        plan.custom.map((v) => [keyOf.get(v.fieldId) ?? String(v.fieldId), plan.customBefore.get(v.fieldId) ?? null]),
      );
      after.custom_fields = customOf(plan.custom);
    }
    rows.push({
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      before,
      after: { ...after, import_id: importId },
    });
  }
  return rows;
}

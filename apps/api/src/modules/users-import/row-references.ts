import { assertDepartmentInScope } from '../users/index.ts';
import { DepartmentIndex } from './department-index.ts';
import type { ChunkLookups, ExistingUser } from './import-lookups.repository.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import { type RowDraft, type RowError, columnFor } from './row-draft.ts';
import type { CreatedInChunk, NewDepartment, PlanContext } from './row-plan.ts';
import { ruleErrors } from './rule-errors.ts';

// The two cells that name other records: a department by its path of names, a manager by username
// or e-mail. Each resolves against the chunk's lookups, or says why it cannot.

export type DepartmentChoice = { id: number | null | undefined; created?: NewDepartment; errors: RowError[] };

export function chooseDepartment(ctx: PlanContext, draft: RowDraft, creating: boolean): DepartmentChoice {
  const column = columnFor(ctx.setup, 'department');
  const fail = (message: string): DepartmentChoice => ({
    id: undefined,
    errors: [{ column, message, value: draft.department ?? null }],
  });
  if (draft.department === undefined) {
    if (!creating) return { id: undefined, errors: [] };
    const id = ctx.setup.options.default_department_id;
    return { id, errors: ruleErrors(ctx.setup, () => assertDepartmentInScope(ctx.scope, id)) };
  }
  if (draft.department === null)
    return { id: null, errors: ruleErrors(ctx.setup, () => assertDepartmentInScope(ctx.scope, null)) };
  const found = ctx.departments.resolve(draft.department);
  if (found.kind === 'invalid') return fail(ROW_MESSAGES.departmentNotFound);
  if (found.kind === 'ambiguous') return fail(ROW_MESSAGES.departmentAmbiguous(found.candidates));
  if (found.kind === 'found') {
    return ruleErrors(ctx.setup, () => assertDepartmentInScope(ctx.scope, found.id)).length > 0
      ? fail(ROW_MESSAGES.departmentOutOfScope)
      : { id: found.id, errors: [] };
  }
  if (!ctx.setup.options.create_departments) return fail(ROW_MESSAGES.departmentNotFound);
  if (!DepartmentIndex.canCreateUnder(ctx.scope, found.parentId)) return fail(ROW_MESSAGES.departmentOutOfScope);
  return {
    id: null,
    created: { parentId: found.parentId, names: found.names, missingFrom: found.missingFrom },
    errors: [],
  };
}

export type ManagerChoice = { id: number | null | undefined; link?: string; deferRef?: string; errors: RowError[] };

export function chooseManager(
  ctx: PlanContext,
  draft: RowDraft,
  lookups: ChunkLookups,
  created: CreatedInChunk,
  self: ExistingUser | undefined,
): ManagerChoice {
  const ref = draft.manager;
  if (ref === undefined || ref === null) return { id: ref, errors: [] };
  const own = [draft.username, draft.email, self?.username, self?.email];
  if (own.includes(ref))
    return {
      id: undefined,
      errors: [{ column: columnFor(ctx.setup, 'manager'), message: ROW_MESSAGES.ownManager, value: ref }],
    };
  const id = lookups.managers.get(ref);
  if (id !== undefined) return { id, errors: [] };
  if (created.has(ref)) return { id: null, link: ref, errors: [] };
  return { id: undefined, deferRef: ref, errors: [] };
}

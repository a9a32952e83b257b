import { z } from 'zod';

const MAX_ID = 2_147_483_647;
export const DEPARTMENT_NAME_MAX = 120;

/**
 * A department of the company. `path` is the materialised path of ids from the root, "/1/5/9/"
 * (the department's own id last), so a subtree is every path starting with its path.
 */
export const department = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  path: z.string(),
  /** Users directly in this department. */
  user_count: z.number().int(),
  /** Users in this department and all of its descendants. */
  total_user_count: z.number().int(),
});
export type Department = z.infer<typeof department>;

export const DEPARTMENT_MESSAGES = {
  nameTaken: 'A department with this name already exists here.',
  nameRequired: 'Enter a name.',
  nameTooLong: `Use at most ${DEPARTMENT_NAME_MAX} characters.`,
  parentMissing: 'Choose an existing department.',
  moveIntoItself: 'A department cannot be moved into itself or one of its sub-departments.',
  hasChildren: 'Move or delete its sub-departments first.',
  hasUsers: (n: number) =>
    `${n} ${n === 1 ? 'user is' : 'users are'} in this department. Choose a department to move them to.`,
  reassignInside: 'Choose a department outside the one being deleted.',
  controlCharacters: 'Remove control characters.',
  tooDeep: 'The tree would be nested too deeply there.',
} as const;

const departmentId = z.number().int().positive().max(MAX_ID);

const departmentNameField = z
  .string()
  .trim()
  .min(1, DEPARTMENT_MESSAGES.nameRequired)
  .max(DEPARTMENT_NAME_MAX, DEPARTMENT_MESSAGES.nameTooLong)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, DEPARTMENT_MESSAGES.controlCharacters);

/** POST /departments: a root department when parent_id is null or left out. */
export const departmentCreateBody = z.object({
  name: departmentNameField,
  parent_id: departmentId.nullable().default(null),
});
export type DepartmentCreateBody = z.infer<typeof departmentCreateBody>;

/** PUT /departments/{id}: rename and/or move (parent_id null makes it a root); a field left out keeps its value. */
export const departmentUpdateBody = z.object({
  name: departmentNameField.optional(),
  parent_id: departmentId.nullable().optional(),
});
export type DepartmentUpdateBody = z.infer<typeof departmentUpdateBody>;

/** DELETE /departments/{id}: `reassign_to` moves the department's users there first. */
export const departmentDeleteQuery = z.object({
  reassign_to: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type DepartmentDeleteQuery = z.infer<typeof departmentDeleteQuery>;

export const departmentDeleted = z.object({
  id: z.number().int(),
  /** Users moved to `reassign_to` before the delete. */
  reassigned_users: z.number().int(),
});
export type DepartmentDeleted = z.infer<typeof departmentDeleted>;

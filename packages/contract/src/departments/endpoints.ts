import { z } from 'zod';
import { idParam, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import {
  department,
  departmentCreateBody,
  departmentDeleteQuery,
  departmentDeleted,
  departmentUpdateBody,
} from './departments.ts';
import type { departmentsEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each department endpoint, joined to its route in `endpoints`. */
export const departmentsEndpoints = {
  listDepartments: {
    summary: "The company's departments in path order with user counts (a Department Manager's: their subtrees)",
    response: z.object({ data: z.array(department) }),
  },
  createDepartment: {
    summary: 'Creates a department, at the root or under parent_id',
    body: departmentCreateBody,
    response: single(department),
  },
  updateDepartment: {
    summary: 'Renames a department and/or moves it under another parent (its subtree moves with it)',
    params: idParam,
    body: departmentUpdateBody,
    response: single(department),
  },
  deleteDepartment: {
    summary: 'Deletes a department without sub-departments; its users move to reassign_to (required when it has users)',
    params: idParam,
    query: departmentDeleteQuery,
    response: single(departmentDeleted),
  },
} satisfies { [N in keyof typeof departmentsEndpointRoutes]: EndpointSchemas };

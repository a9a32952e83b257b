import { z } from 'zod';
import { assignmentRulesEndpoints } from './assignment-rules/endpoints.ts';
import { assignmentsEndpoints } from './assignments/endpoints.ts';
import { assessmentReportsEndpoints } from './assessment-reports/endpoints.ts';
import { automatedReportsEndpoints } from './automated-reports/endpoints.ts';
import { auditLogsEndpoints } from './audit-logs/endpoints.ts';
import { courseActivityEndpoints } from './course-activity/endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { certificatesEndpoints } from './certificates/endpoints.ts';
import { recertificationEndpoints } from './recertification/endpoints.ts';
import { companiesEndpoints } from './companies/endpoints.ts';
import { courseMediaEndpoints } from './course-media/endpoints.ts';
import { coursesEndpoints } from './courses/endpoints.ts';
import { customFieldsEndpoints } from './custom-fields/endpoints.ts';
import { departmentsEndpoints } from './departments/endpoints.ts';
import { joinDomains } from './endpoint-kit.ts';
import { type EndpointName, type EndpointRoute, endpointRoutes } from './endpoint-routes.ts';
import { importsEndpoints } from './imports/endpoints.ts';
import { jobsEndpoints } from './jobs/endpoints.ts';
import { learningEndpoints } from './learning/endpoints.ts';
import { notificationTemplatesEndpoints } from './notification-templates/endpoints.ts';
import { notificationsEndpoints } from './notifications/endpoints.ts';
import { passwordResetEndpoints } from './password-reset/endpoints.ts';
import { reportsEndpoints } from './reports/endpoints.ts';
import { usersEndpoints } from './users/endpoints.ts';
import { scimEndpoints } from './scim/endpoints.ts';
import { samlEndpoints } from './saml/endpoints.ts';

/** What the server needs beyond an endpoint's route: its documentation and its request/response schemas. */
export interface EndpointSchemas {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export type Endpoint = EndpointRoute & EndpointSchemas;

type SchemaTable = { [N in EndpointName]: EndpointSchemas };

/** Joins each route of `endpointRoutes` with its schemas; every route must have them, and nothing else may. */
function withSchemas<S extends SchemaTable>(
  schemas: S & Record<Exclude<keyof S, EndpointName>, never>,
): { [N in EndpointName]: (typeof endpointRoutes)[N] & S[N] } {
  const joined: Record<string, Endpoint> = {};
  for (const [name, route] of Object.entries(endpointRoutes))
    joined[name] = { ...route, ...schemas[name as EndpointName] };
  return joined as { [N in EndpointName]: (typeof endpointRoutes)[N] & S[N] };
}

const ok = z.object({ message: z.string() });

/**
 * Every API endpoint, once: its route from `endpointRoutes` (method, path, access) joined with its
 * summary and schemas, which each domain keeps in `<domain>/endpoints.ts`, one line a domain. Server
 * routes are built from this table; the console calls endpoints by name with `endpointRoutes` and
 * takes only the types from here (decision 023).
 */
export const endpoints = withSchemas(
  joinDomains(
    authEndpoints,
    passwordResetEndpoints,
    companiesEndpoints,
    usersEndpoints,
    jobsEndpoints,
    customFieldsEndpoints,
    departmentsEndpoints,
    importsEndpoints,
    learningEndpoints,
    coursesEndpoints,
    courseMediaEndpoints,
    certificatesEndpoints,
    recertificationEndpoints,
    assignmentsEndpoints,
    assignmentRulesEndpoints,
    notificationTemplatesEndpoints,
    notificationsEndpoints,
    assessmentReportsEndpoints,
    auditLogsEndpoints,
    courseActivityEndpoints,
    reportsEndpoints,
    automatedReportsEndpoints,
    scimEndpoints,
    samlEndpoints,
  ),
) satisfies Record<EndpointName, Endpoint>;

export { ok as okResponse };

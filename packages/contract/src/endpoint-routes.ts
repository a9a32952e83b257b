import { assignmentRulesEndpointRoutes } from './assignment-rules/endpoint-routes.ts';
import { assignmentsEndpointRoutes } from './assignments/endpoint-routes.ts';
import { assessmentReportsEndpointRoutes } from './assessment-reports/endpoint-routes.ts';
import { automatedReportsEndpointRoutes } from './automated-reports/endpoint-routes.ts';
import { auditLogsEndpointRoutes } from './audit-logs/endpoint-routes.ts';
import { courseActivityEndpointRoutes } from './course-activity/endpoint-routes.ts';
import { authEndpointRoutes } from './auth/endpoint-routes.ts';
import { certificatesEndpointRoutes } from './certificates/endpoint-routes.ts';
import { recertificationEndpointRoutes } from './recertification/endpoint-routes.ts';
import { companiesEndpointRoutes } from './companies/endpoint-routes.ts';
import { courseMediaEndpointRoutes } from './course-media/endpoint-routes.ts';
import { coursesEndpointRoutes } from './courses/endpoint-routes.ts';
import { customFieldsEndpointRoutes } from './custom-fields/endpoint-routes.ts';
import { departmentsEndpointRoutes } from './departments/endpoint-routes.ts';
import { type EndpointRoute, joinDomains } from './endpoint-kit.ts';
import { importsEndpointRoutes } from './imports/endpoint-routes.ts';
import { jobsEndpointRoutes } from './jobs/endpoint-routes.ts';
import { learningEndpointRoutes } from './learning/endpoint-routes.ts';
import { notificationTemplatesEndpointRoutes } from './notification-templates/endpoint-routes.ts';
import { notificationsEndpointRoutes } from './notifications/endpoint-routes.ts';
import { passwordResetEndpointRoutes } from './password-reset/endpoint-routes.ts';
import { reportsEndpointRoutes } from './reports/endpoint-routes.ts';
import { usersEndpointRoutes } from './users/endpoint-routes.ts';
import { scimEndpointRoutes } from './scim/endpoint-routes.ts';
import { samlEndpointRoutes } from './saml/endpoint-routes.ts';

export { type Access, type EndpointRoute, type HttpMethod, endpointUrl } from './endpoint-kit.ts';

/**
 * The route of every API endpoint, once (decision 023): each domain's table (`<domain>/endpoint-routes.ts`),
 * one line a domain. None of them imports zod, so the console's first chunk can call any endpoint
 * without the schemas; `endpoints` (endpoints.ts) adds each one's summary and request/response schemas
 * under the same name.
 */
export const endpointRoutes = /* @__PURE__ */ joinDomains(
  authEndpointRoutes,
  passwordResetEndpointRoutes,
  companiesEndpointRoutes,
  usersEndpointRoutes,
  jobsEndpointRoutes,
  customFieldsEndpointRoutes,
  departmentsEndpointRoutes,
  importsEndpointRoutes,
  learningEndpointRoutes,
  coursesEndpointRoutes,
  courseMediaEndpointRoutes,
  certificatesEndpointRoutes,
  recertificationEndpointRoutes,
  assignmentsEndpointRoutes,
  assignmentRulesEndpointRoutes,
  notificationTemplatesEndpointRoutes,
  notificationsEndpointRoutes,
  assessmentReportsEndpointRoutes,
  auditLogsEndpointRoutes,
  courseActivityEndpointRoutes,
  reportsEndpointRoutes,
  automatedReportsEndpointRoutes,
  scimEndpointRoutes,
  samlEndpointRoutes,
) satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpointRoutes;

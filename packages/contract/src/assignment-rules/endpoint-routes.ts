import { type EndpointRoute, companyManager } from '../endpoint-kit.ts';

/** The routes of the assignment-rule endpoints (Company Managers and up, decision 008). No zod here (decision 023). */
export const assignmentRulesEndpointRoutes = {
  listAssignmentRules: { method: 'GET', path: '/assignment-rules', access: companyManager },
  createAssignmentRule: { method: 'POST', path: '/assignment-rules', access: companyManager, status: 201 },
  dryRunAssignmentRule: { method: 'POST', path: '/assignment-rules/dry-run', access: companyManager },
  getAssignmentRule: { method: 'GET', path: '/assignment-rules/{id}', access: companyManager },
  updateAssignmentRule: { method: 'PUT', path: '/assignment-rules/{id}', access: companyManager },
  deleteAssignmentRule: { method: 'DELETE', path: '/assignment-rules/{id}', access: companyManager },
  previewAssignmentRuleExisting: { method: 'POST', path: '/assignment-rules/{id}/existing', access: companyManager },
  runAssignmentRule: { method: 'POST', path: '/assignment-rules/{id}/run', access: companyManager },
  listAssignmentRuleRuns: { method: 'GET', path: '/assignment-rules/{id}/runs', access: companyManager },
  undoAssignmentRuleRun: { method: 'POST', path: '/assignment-rules/{id}/runs/{runId}/undo', access: companyManager },
  listAssignmentRuleExclusions: { method: 'GET', path: '/assignment-rules/{id}/exclusions', access: companyManager },
  createAssignmentRuleExclusion: {
    method: 'POST',
    path: '/assignment-rules/{id}/exclusions',
    access: companyManager,
    status: 201,
  },
  deleteAssignmentRuleExclusion: {
    method: 'DELETE',
    path: '/assignment-rules/{id}/exclusions/{exclusionId}',
    access: companyManager,
  },
} as const satisfies Record<string, EndpointRoute>;

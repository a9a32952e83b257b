import { type EndpointRoute, departmentManager, siteAdmin } from '../endpoint-kit.ts';

/**
 * The routes of the notification schedule, the delivery log and Email Settings. No zod and no schema
 * here (decision 023): the console's first chunk loads them.
 */
export const notificationsEndpointRoutes = {
  listNotifications: { method: 'GET', path: '/notifications', access: departmentManager },
  getNotification: { method: 'GET', path: '/notifications/{id}', access: departmentManager },
  createNotification: { method: 'POST', path: '/notifications', access: departmentManager, status: 201 },
  updateNotification: { method: 'PUT', path: '/notifications/{id}', access: departmentManager },
  deleteNotification: { method: 'DELETE', path: '/notifications/{id}', access: departmentManager, status: 204 },
  listDeliveries: { method: 'GET', path: '/notifications/deliveries', access: departmentManager },
  exportDeliveries: { method: 'GET', path: '/notifications/deliveries/export', access: departmentManager },
  resendDelivery: {
    method: 'POST',
    path: '/notifications/deliveries/{id}/resend',
    access: departmentManager,
    status: 202,
  },
  getEmailSettings: { method: 'GET', path: '/email-settings', access: siteAdmin },
  updateEmailSettings: { method: 'PUT', path: '/email-settings', access: siteAdmin },
  testEmailSettings: { method: 'POST', path: '/email-settings/test', access: siteAdmin },
  checkEmailDns: { method: 'GET', path: '/email-settings/dns', access: siteAdmin },
} as const satisfies Record<string, EndpointRoute>;

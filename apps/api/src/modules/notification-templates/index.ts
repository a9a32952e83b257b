import type { HeedModule } from '../../platform/module.ts';
import { notificationTemplatesRoutes } from './notification-templates.routes.ts';

/** Notification templates: the company's templates and the system defaults, checked, previewed and rendered. */
export const notificationTemplatesModule: HeedModule = {
  name: 'notification-templates',
  routes: [notificationTemplatesRoutes],
  jobs: [],
};

// For notifications (the delivery pipeline) and the demo seed.
export { type RenderedMessage, renderNotification } from './render.ts';
export { DEFAULT_TEMPLATES, type TemplateText, defaultTexts } from './default-templates.ts';
export { renderLooseText } from './template-engine.ts';

import type { HeedModule } from '../../platform/module.ts';
import { customFieldsRoutes } from './custom-fields.routes.ts';

/** A company's custom user fields: definitions, options, order, and a change's preview and conversion. */
export const customFieldsModule: HeedModule = { name: 'custom-fields', routes: [customFieldsRoutes], jobs: [] };

// For users: reading a field's stored options.
export { parseStoredOptions } from './stored-options.ts';

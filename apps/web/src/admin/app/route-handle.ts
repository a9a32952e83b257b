import type { ConsoleRoute } from '@heed/contract';

/** What a matched route tells the frame: its row of the route table (title, breadcrumbs), or just a title. */
export interface RouteHandle {
  route?: ConsoleRoute;
  title?: string;
}

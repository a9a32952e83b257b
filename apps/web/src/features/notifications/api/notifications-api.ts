import {
  API_PREFIX,
  API_VERSION_PREFIX,
  DELIVERY_FILTERS,
  DELIVERY_SORTS,
  type Delivery,
  type Notification,
  type NotificationBody,
  type endpoints,
} from '@heed/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultListRules } from '../../../components/list-page/list-state.ts';
import { type ResponseOf, apiCall } from '../../../lib/api-client.ts';

export type SchedulePage = ResponseOf<typeof endpoints.listNotifications>;
export type DeliveriesPage = ResponseOf<typeof endpoints.listDeliveries>;

const scheduleKey = ['notifications', 'schedule'] as const;
export const deliveriesKey = ['notifications', 'deliveries'] as const;

/** The whole schedule (a company has a handful of rows; 500 is the API's page limit). */
export const scheduleQueryOptions = () =>
  queryOptions({
    queryKey: scheduleKey,
    queryFn: ({ signal }) => apiCall('listNotifications', { query: { per_page: 500, sort: 'type' }, signal }),
  });

/** Add or change a row of the schedule (PUT when it has an id). */
export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: NotificationBody }): Promise<Notification> =>
      (id === null
        ? apiCall('createNotification', { body })
        : apiCall('updateNotification', { params: { id }, body })
      ).then((response) => response.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('deleteNotification', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}

/** One page of the delivery log; `signal` lets a newer filter cancel it. */
export const listDeliveriesQueryOptions = (query: Record<string, string | number>) =>
  queryOptions({
    queryKey: [...deliveriesKey, query] as const,
    queryFn: ({ signal }) => apiCall('listDeliveries', { query, signal }),
  });

export const DELIVERIES_LIST_RULES = defaultListRules({
  sortKeys: DELIVERY_SORTS,
  filterNames: DELIVERY_FILTERS,
  defaultSort: { sortBy: 'created_at', sortOrder: 'desc' },
});

/** GET /api/v3/notifications/deliveries/export?format=csv|xlsx&<the list's filters> */
export const DELIVERIES_EXPORT_URL = `${API_PREFIX}${API_VERSION_PREFIX}/notifications/deliveries/export`;

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Delivery> =>
      apiCall('resendDelivery', { params: { id } }).then((response) => response.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}

export interface Option {
  value: string;
  label: string;
}

/**
 * The senders list (spec §6, §7): every page of GET /users with field[role]=1,2 and field[suspended]=0.
 * A failure yields an empty list (spec §8).
 */
export const sendersQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'senders'] as const,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<Option[]> => {
      try {
        const query = { 'field[role]': '1,2', 'field[suspended]': '0', per_page: 500, sort: 'last_name' as const };
        const first = await apiCall('listUsers', { query: { ...query, page: 1 }, signal });
        const rest = await Promise.all(
          Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) =>
            apiCall('listUsers', { query: { ...query, page: i + 2 }, signal }),
          ),
        );
        return [first, ...rest]
          .flatMap((page) => page.data)
          .map((user) => ({
            value: String(user.id),
            label: `${user.first_name} ${user.last_name}`.trim() || user.username,
          }));
      } catch {
        return [];
      }
    },
  });

export interface TemplateOption extends Option {
  type: string;
  method: string;
}

/** The company's templates and the system defaults; a failure yields an empty list (spec §8). */
export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'templates'] as const,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<TemplateOption[]> => {
      try {
        const page = await apiCall('listTemplates', { query: { per_page: 500 }, signal });
        return page.data.map((t) => ({ value: String(t.id), label: t.name, type: t.type, method: t.method }));
      } catch {
        return [];
      }
    },
  });

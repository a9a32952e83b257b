import type { TemplatePreviewBody } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './query-keys.ts';

/** POST /templates/preview: the texts rendered with sample data (422 with field details when they do not pass). */
export const previewTemplate = (body: TemplatePreviewBody, signal?: AbortSignal) =>
  apiCall('previewTemplate', { body, signal }).then((response) => response.data);

export const templatePreviewQueryOptions = (body: TemplatePreviewBody) =>
  queryOptions({
    queryKey: [...templatesQueryKey, 'preview', body] as const,
    queryFn: ({ signal }) => previewTemplate(body, signal),
    retry: false,
    staleTime: 60_000,
  });

/** The live preview of the editor's texts (the caller debounces them). */
export const useTemplatePreview = (body: TemplatePreviewBody | null) =>
  useQuery({
    ...templatePreviewQueryOptions(body ?? { type: 'course_assignment', method: 'email', body: '' }),
    enabled: body !== null && body.body.trim() !== '',
    placeholderData: keepPreviousData,
  });

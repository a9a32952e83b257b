import { routePath } from '@heed/contract';
import { useEffect } from 'react';

/** What the server names when an assistant chat widget is configured (ASSISTANT_WIDGET_URL, ASSISTANT_WIDGET_ID). */
export interface AssistantWidgetConfig {
  url: string;
  id: string;
}

export const ASSISTANT_SCRIPT_ID = 'heed-assistant-widget-loader';
export const ASSISTANT_CONTAINER_ID = 'heed-assistant-widget';
/** Sent on every page change once the widget is loaded: `detail.visible` is false on course pages. */
export const ASSISTANT_VISIBILITY_EVENT = 'heed:assistant-visibility';

/** Course pages (the catalog and a course's editor) never show the widget (spec §4). */
export function isCoursePage(pathname: string): boolean {
  const courses = routePath('courses');
  return pathname === courses || pathname.startsWith(`${courses}/`);
}

/**
 * Loads the assistant chat widget (spec §4) on the console's pages: nothing at all — no element, no
 * request — without a configuration; with one, the widget's script is added once, on the first page
 * that is not a course page, with a container it may mount into (`#heed-assistant-widget`,
 * `data-assistant-id`). On course pages the container is hidden, `<html data-assistant-widget>`
 * says "hidden" and a `heed:assistant-visibility` event tells the widget to hide what it shows.
 */
export function syncAssistantWidget(config: AssistantWidgetConfig | null, pathname: string, doc: Document = document) {
  if (!config) return;
  const visible = !isCoursePage(pathname);
  const loaded = doc.getElementById(ASSISTANT_SCRIPT_ID) !== null;
  if (!loaded && !visible) return;
  if (!loaded) {
    const container = doc.createElement('div');
    container.id = ASSISTANT_CONTAINER_ID;
    container.dataset.assistantId = config.id;
    doc.body.append(container);
    const script = doc.createElement('script');
    script.id = ASSISTANT_SCRIPT_ID;
    script.src = config.url;
    script.async = true;
    script.dataset.assistantId = config.id;
    script.referrerPolicy = 'strict-origin-when-cross-origin';
    doc.head.append(script);
  }
  const container = doc.getElementById(ASSISTANT_CONTAINER_ID);
  if (container) container.hidden = !visible;
  doc.documentElement.dataset.assistantWidget = visible ? 'shown' : 'hidden';
  doc.defaultView?.dispatchEvent(new CustomEvent(ASSISTANT_VISIBILITY_EVENT, { detail: { visible } }));
}

/** Keeps the widget in step with the console's current page. */
export function useAssistantWidget(config: AssistantWidgetConfig | null, pathname: string) {
  const url = config?.url;
  const id = config?.id;
  useEffect(() => {
    syncAssistantWidget(url && id ? { url, id } : null, pathname);
  }, [url, id, pathname]);
}

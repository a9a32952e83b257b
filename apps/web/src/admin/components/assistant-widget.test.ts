import { afterEach, describe, expect, it } from 'vitest';
import {
  ASSISTANT_CONTAINER_ID,
  ASSISTANT_SCRIPT_ID,
  ASSISTANT_VISIBILITY_EVENT,
  isCoursePage,
  syncAssistantWidget,
} from './assistant-widget.ts';

const config = { url: 'https://assist.example.test/widget.js', id: 'heed-demo' };
const scripts = () => Array.from(document.querySelectorAll('script'));
const container = () => document.getElementById(ASSISTANT_CONTAINER_ID);

afterEach(() => {
  document.getElementById(ASSISTANT_SCRIPT_ID)?.remove();
  container()?.remove();
  delete document.documentElement.dataset.assistantWidget;
});

describe('the assistant chat widget loader (spec §4)', () => {
  it('adds nothing, on any page, without a configuration (the default)', () => {
    for (const path of ['/', '/users', '/settings/courses', '/settings/company']) syncAssistantWidget(null, path);
    expect(scripts()).toEqual([]);
    expect(container()).toBeNull();
    expect(document.documentElement.dataset.assistantWidget).toBeUndefined();
  });

  it('injects the configured script once, with its id, on a page that is not a course page', () => {
    syncAssistantWidget(config, '/users');
    syncAssistantWidget(config, '/assignments');
    const [script] = scripts();
    expect(scripts()).toHaveLength(1);
    expect(script?.src).toBe(config.url);
    expect(script?.async).toBe(true);
    expect(script?.dataset.assistantId).toBe('heed-demo');
    expect(container()?.dataset.assistantId).toBe('heed-demo');
    expect(container()?.hidden).toBe(false);
  });

  it('never loads on course pages, and hides itself there once loaded', () => {
    syncAssistantWidget(config, '/settings/courses');
    syncAssistantWidget(config, '/settings/courses/12');
    syncAssistantWidget(config, '/settings/courses/new');
    expect(scripts()).toEqual([]);
    expect(container()).toBeNull();

    syncAssistantWidget(config, '/');
    expect(scripts()).toHaveLength(1);
    const events: boolean[] = [];
    const listen = (event: Event) => events.push((event as CustomEvent<{ visible: boolean }>).detail.visible);
    window.addEventListener(ASSISTANT_VISIBILITY_EVENT, listen);
    syncAssistantWidget(config, '/settings/courses/12');
    expect(container()?.hidden).toBe(true);
    expect(document.documentElement.dataset.assistantWidget).toBe('hidden');
    syncAssistantWidget(config, '/users');
    expect(container()?.hidden).toBe(false);
    window.removeEventListener(ASSISTANT_VISIBILITY_EVENT, listen);
    expect(events).toEqual([false, true]);
    expect(scripts()).toHaveLength(1);
  });

  it('knows the course pages', () => {
    expect(['/settings/courses', '/settings/courses/new', '/settings/courses/7'].every(isCoursePage)).toBe(true);
    expect(['/', '/settings/company', '/settings/coursesx', '/users'].some(isCoursePage)).toBe(false);
  });
});

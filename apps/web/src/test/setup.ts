import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// `findBy…` and `waitFor` wait up to 5 s for what must appear (Testing Library's default is 1 s): beside
// the API and end-to-end lanes on two cores, a Mantine modal once took longer to open in CI.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine and the virtualiser touch; these stubs follow mantinedev/vite-template.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

Element.prototype.scrollIntoView = () => {};
// jsdom does not scroll; move scrollTop and announce it, as a browser would.
Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number, y?: number) {
  const top = typeof options === 'object' ? options.top : y;
  if (top === undefined) return;
  this.scrollTop = top;
  this.dispatchEvent(new Event('scroll'));
};

// Testing Library waits on a zero-delay timer after each event and only advances it itself when it sees Jest's fake
// timers; pointing its `jest.advanceTimersByTime` at Vitest's lets userEvent work under vi.useFakeTimers().
Object.defineProperty(globalThis, 'jest', {
  configurable: true,
  value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
});

import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (at the latest after
 * `timeout` ms): for parts of the frame that need not be on the first paint (decision 057).
 */
export function useWhenIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(show, { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(show, 0);
    return () => window.clearTimeout(handle);
  }, [timeout]);
  return idle;
}

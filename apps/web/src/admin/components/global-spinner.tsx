import { useSyncExternalStore } from 'react';
import { isApiBusy, subscribeApiActivity } from '../../lib/api-activity.ts';
import classes from './global-spinner.module.css';

/** A thin bar at the top of the window while any call is in flight (spec §4), removed 50 ms after the last. */
export function GlobalSpinner() {
  const busy = useSyncExternalStore(subscribeApiActivity, isApiBusy);
  if (!busy) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Loading" data-testid="global-spinner" />;
}

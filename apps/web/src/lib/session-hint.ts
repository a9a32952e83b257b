import { STORAGE_KEYS, storage } from './storage.ts';

/**
 * Whether this browser was signed in when the server was last asked (`/me`, sign-in; sign-out forgets
 * it with the product's storage). A console route starts its page's first requests beside the
 * session check only when this is likely, so a signed-out visitor's browser never sees those
 * requests refused (a 403 before the redirect to the login). Only a hint: the server decides.
 */
export const sessionHint = {
  likely: (): boolean => storage.get(STORAGE_KEYS.signedIn) === '1',
  signedIn: (): void => storage.set(STORAGE_KEYS.signedIn, '1'),
  signedOut: (): void => storage.remove(STORAGE_KEYS.signedIn),
};

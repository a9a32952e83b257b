import { expect, test, vi } from 'vitest';

// The dialog state is per page: each test loads a fresh copy of the module.
async function freshDialogs() {
  vi.resetModules();
  return import('./session-dialogs.ts');
}

test('no timeout dialog before the session loaded; after that, once only (spec §4)', async () => {
  const dialogs = await freshDialogs();
  dialogs.sessionTimedOut();
  expect(dialogs.currentSessionDialog()).toBeNull();

  dialogs.enableTimeoutDetection('https://heed.example/login');
  const seen: unknown[] = [];
  dialogs.subscribeSessionDialog(() => seen.push(dialogs.currentSessionDialog()));
  dialogs.sessionTimedOut();
  dialogs.sessionTimedOut();
  dialogs.sessionTimedOut();
  expect(seen).toEqual([{ kind: 'timeout', redirect: 'https://heed.example/login' }]);
});

test('signing out here, or in another window, is no timeout', async () => {
  const dialogs = await freshDialogs();
  dialogs.enableTimeoutDetection(null);
  dialogs.disableTimeoutDetection();
  dialogs.sessionTimedOut();
  expect(dialogs.currentSessionDialog()).toBeNull();

  dialogs.enableTimeoutDetection(null);
  dialogs.sessionLoggedOutElsewhere();
  dialogs.sessionTimedOut();
  expect(dialogs.currentSessionDialog()).toEqual({ kind: 'logout' });
});

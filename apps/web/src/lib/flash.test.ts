import { beforeEach, expect, test } from 'vitest';
import { setFlashMessage, takeFlashMessage } from './flash.ts';

beforeEach(() => {
  window.sessionStorage.clear();
});

test('a flash message is read once, then it is gone (spec §4)', () => {
  setFlashMessage({ snackbar: { message: 'Saved.' }, modal: { heading: 'Done', content: 'All good.' } });
  expect(takeFlashMessage()).toEqual({
    snackbar: { message: 'Saved.' },
    modal: { heading: 'Done', content: 'All good.' },
  });
  expect(takeFlashMessage()).toBeNull();
});

test('a newer message replaces an older one; a corrupt one is dropped', () => {
  setFlashMessage({ snackbar: { message: 'first' } });
  setFlashMessage({ snackbar: { message: 'second' } });
  expect(takeFlashMessage()?.snackbar?.message).toBe('second');
  window.sessionStorage.setItem('heed.flash', '{not json');
  expect(takeFlashMessage()).toBeNull();
  expect(window.sessionStorage.getItem('heed.flash')).toBeNull();
});

import { Drawer } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { type ConsoleSession, useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { UserEditDrawerContent } from './user-edit-drawer-content.tsx';
import { type EditTarget, sameEditTarget, useUserEditParam } from './user-edit-param.ts';

const keyOf = (target: EditTarget) => (target.kind === 'user' ? `user-${target.id}` : target.kind);

/** The drawer keeps showing what it showed while it slides out after `?edit=` is gone. */
function useShownTarget(target: EditTarget | null): EditTarget | null {
  const [last, setLast] = useState(target);
  if (target !== null && (last === null || keyOf(target) !== keyOf(last))) setLast(target);
  return target ?? last;
}

/**
 * Numbers the navigations the blocker stops. Each gets a dialog of its own: the one closing after "Keep
 * editing" (its answer lands when the animation ends) must not answer for a navigation stopped meanwhile.
 */
function useBlockNumber(blocker: Blocker): number {
  const [seen, setSeen] = useState({ blocker, number: 0 });
  if (seen.blocker !== blocker) {
    setSeen({ blocker, number: seen.number + (blocker.state === 'blocked' ? 1 : 0) });
  }
  return seen.number;
}

/**
 * The user drawer (PRODUCT.md "Users"): `?edit=<id>` opens a user, `?edit=new` a new one; closing
 * removes the parameter, so the back button closes it and a link opens it. Leaving with unsaved
 * changes (close, Escape, back, another page, the tab) asks first. It lives in the console's frame
 * (whose session says what the reader may do); outside it there is no drawer.
 */
export function UserEditDrawer() {
  const session = useOptionalConsoleSession();
  return session ? <SessionDrawer session={session} /> : null;
}

function SessionDrawer({ session }: { session: ConsoleSession }) {
  const { target, close } = useUserEditParam();
  const shown = useShownTarget(target);
  // Refs, not state: the form reports a change as it commits, and a Back pressed at once must see it.
  const dirty = useRef(false);
  // Set when a save closes the drawer: the form is clean though it has not said so yet.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && !leaving.current && !sameEditTarget(currentLocation, nextLocation),
  );
  const blockNumber = useBlockNumber(blocker);
  const targetKey = target ? keyOf(target) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target starts clean
  useEffect(() => {
    dirty.current = false;
    leaving.current = false;
  }, [targetKey]);
  useWindowEvent('beforeunload', (event) => {
    if (dirty.current) event.preventDefault();
  });

  // Escape closes the drawer, but not together with a dialog opened from it (Mantine closes every
  // open modal on one Escape), nor with an open list of choices, which closes first.
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.isComposing || target === null) return;
      if ((event.target as Element | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
      if (document.querySelector('[data-modal-content]')) return;
      close();
    },
    { capture: true },
  );

  const setDirty = useCallback((isDirty: boolean) => {
    dirty.current = isDirty;
  }, []);
  const done = useCallback(() => {
    leaving.current = true;
    dirty.current = false;
    close();
  }, [close]);

  return (
    <>
      <Drawer.Root opened={target !== null} onClose={close} closeOnEscape={false} position="right" size="lg">
        <Drawer.Overlay />
        <Drawer.Content data-testid="user-drawer">
          {shown && (
            <UserEditDrawerContent
              key={keyOf(shown)}
              target={shown}
              session={session}
              onDirtyChange={setDirty}
              onDone={done}
              onCancel={close}
            />
          )}
        </Drawer.Content>
      </Drawer.Root>
      <ConfirmDialog
        key={blockNumber}
        opened={blocker.state === 'blocked'}
        title="Discard your changes?"
        message="You have changed this user without saving. Leave and lose those changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset?.();
        }}
      />
    </>
  );
}

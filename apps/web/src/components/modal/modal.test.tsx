import { Button } from '@mantine/core';
import { MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, setupUser } from '../../test/render.tsx';
import { Modal, useModalClose } from './modal.tsx';

function DoneButton() {
  const close = useModalClose();
  return <Button onClick={close}>Done</Button>;
}

function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <Modal
      opened={opened}
      title="Edit course"
      onClose={() => {
        onClose();
        setOpened(false);
      }}
    >
      <p>Course details</p>
      <DoneButton />
    </Modal>
  );
}

// An owner whose state arrives a moment after it is told (a router's blocker reset, a transition).
const OWNER_DELAY_MS = 100;
function LateOwner() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Edit again</Button>
      <Modal opened={opened} title="Edit course" onClose={() => setTimeout(() => setOpened(false), OWNER_DELAY_MS)}>
        <DoneButton />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('hides at once but tells its owner only after the 150 ms close animation', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit course' })).toBeInTheDocument();

    await setupUser().click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Course details')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes the same way with its labelled close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await setupUser().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes the same way on Escape, once however often it is asked', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays closed when its owner closes it a moment after being told, and opens again when asked', async () => {
    render(<LateOwner />);
    await setupUser().click(screen.getByRole('button', { name: 'Done' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog', { name: 'Edit course' })).toBeNull();
    act(() => vi.advanceTimersByTime(OWNER_DELAY_MS));
    expect(screen.queryByRole('dialog', { name: 'Edit course' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit again' }));
    expect(screen.getByRole('dialog', { name: 'Edit course' })).toBeInTheDocument();
  });

  it('refuses a close control outside a modal', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<DoneButton />)).toThrow('useModalClose must be used inside a Modal.');
  });
});

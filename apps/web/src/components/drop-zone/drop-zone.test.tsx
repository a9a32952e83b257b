import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, userEvent, waitFor } from '../../test/render.tsx';
import { DropZone, type DropZoneProps, type FileRejection } from './drop-zone.tsx';

const csv = () => new File(['Login\nada\n'], 'people.csv', { type: 'text/csv' });
const gif = () => new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' });

/** A caller as the console's are: it says why a file was refused. */
function Harness(props: Partial<DropZoneProps>) {
  const [refusal, setRefusal] = useState('');
  return (
    <>
      <DropZone
        onDrop={() => {}}
        accept={['text/csv']}
        maxSize={1024}
        multiple={false}
        aria-label="Drop a CSV file here"
        data-testid="zone"
        {...props}
        onReject={(rejections) => {
          props.onReject?.(rejections);
          setRefusal(rejections[0]?.errors[0]?.code === 'file-too-large' ? 'Too large.' : 'Choose one CSV file.');
        }}
      >
        {(state) => <span data-testid="state">{state}</span>}
      </DropZone>
      {refusal && <p role="alert">{refusal}</p>}
    </>
  );
}

const zone = () => screen.getByRole('button', { name: 'Drop a CSV file here' });
const input = () => screen.getByTestId('zone').querySelector('input[type=file]') as HTMLInputElement;
/** A drag's data as the browser gives it: the files, and items that tell their types before the drop. */
const transfer = (...files: File[]) => ({
  files,
  items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
  types: ['Files'],
});

describe('DropZone', () => {
  it('is a focusable button with the file input inside', () => {
    render(<Harness />);
    expect(zone()).toHaveAttribute('tabindex', '0');
    expect(zone()).toHaveAttribute('data-testid', 'zone');
    expect(input()).toHaveAttribute('accept', 'text/csv');
    expect(input()).not.toBeVisible(); // no second control inside the button
    expect(screen.getByTestId('state')).toHaveTextContent('idle');
  });

  it('hands a dropped file of the right type to onDrop', async () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} />);
    const file = csv();
    fireEvent.drop(zone(), { dataTransfer: transfer(file) });
    await waitFor(() => expect(onDrop).toHaveBeenCalledExactlyOnceWith([file]));
  });

  it('hands a chosen file to onDrop', async () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} />);
    await userEvent.upload(input(), csv());
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect((onDrop.mock.calls[0]![0] as File[])[0]!.name).toBe('people.csv');
  });

  it('refuses a file of the wrong type: the caller says why, nothing is dropped', async () => {
    const onDrop = vi.fn();
    const onReject = vi.fn<(rejections: FileRejection[]) => void>();
    render(<Harness onDrop={onDrop} onReject={onReject} />);
    await userEvent.setup({ applyAccept: false }).upload(input(), gif());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one CSV file.');
    const rejection = onReject.mock.calls[0]![0][0]!;
    expect(rejection.file.name).toBe('spinner.gif');
    expect(rejection.errors.map((error) => error.code)).toEqual(['file-invalid-type']);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('refuses a file that is too large, and all but the first of several files', async () => {
    const onDrop = vi.fn();
    const onReject = vi.fn<(rejections: FileRejection[]) => void>();
    render(<Harness onDrop={onDrop} onReject={onReject} />);
    fireEvent.drop(zone(), {
      dataTransfer: transfer(new File([new Uint8Array(1025)], 'big.csv', { type: 'text/csv' })),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too large.');
    expect(onReject.mock.calls[0]![0][0]!.errors.map((error) => error.code)).toEqual(['file-too-large']);

    expect(onDrop).not.toHaveBeenCalled();

    const first = csv();
    const second = new File(['Login\ngrace\n'], 'more.csv', { type: 'text/csv' });
    fireEvent.drop(zone(), { dataTransfer: transfer(first, second) });
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(2));
    expect(onReject.mock.calls[1]![0].map((r) => [r.file.name, r.errors[0]!.code])).toEqual([
      ['more.csv', 'too-many-files'],
    ]);
    await waitFor(() => expect(onDrop).toHaveBeenCalledExactlyOnceWith([first]));
  });

  it('shows while files are dragged over it whether it will take them', async () => {
    render(<Harness />);
    fireEvent.dragEnter(zone(), { dataTransfer: transfer(csv()) });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('accept'));
    expect(zone()).toHaveAttribute('data-accept');
    fireEvent.dragLeave(zone(), { dataTransfer: transfer(csv()) });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('idle'));

    fireEvent.dragEnter(zone(), { dataTransfer: transfer(gif()) });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('reject'));
    expect(zone()).toHaveAttribute('data-reject');
  });

  it('opens the file picker through openRef, and on Enter', async () => {
    const openRef = createRef<() => void>();
    render(<Harness openRef={openRef} />);
    const click = vi.spyOn(input(), 'click').mockImplementation(() => {});
    openRef.current!();
    expect(click).toHaveBeenCalledTimes(1);

    zone().focus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('takes nothing while disabled: no drop, no choice, no picker, out of the tab order', async () => {
    const onDrop = vi.fn();
    const openRef = createRef<() => void>();
    render(<Harness onDrop={onDrop} openRef={openRef} disabled />);
    expect(zone()).toHaveAttribute('aria-disabled', 'true');
    expect(zone()).toHaveAttribute('data-disabled');
    expect(zone()).not.toHaveAttribute('tabindex');

    const click = vi.spyOn(input(), 'click').mockImplementation(() => {});
    openRef.current!();
    expect(click).not.toHaveBeenCalled();

    fireEvent.drop(zone(), { dataTransfer: transfer(csv()) });
    await userEvent.upload(input(), csv());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('covers itself with a loader while loading, and takes nothing meanwhile', async () => {
    const onDrop = vi.fn();
    render(<Harness onDrop={onDrop} loading />);
    expect(zone()).toHaveAttribute('data-loading');
    expect(zone().querySelector('.mantine-LoadingOverlay-root')).not.toBeNull();
    fireEvent.drop(zone(), { dataTransfer: transfer(csv()) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onDrop).not.toHaveBeenCalled();
  });
});

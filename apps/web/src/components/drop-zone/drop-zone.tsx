import { LoadingOverlay } from '@mantine/core';
import { type ReactNode, type Ref, useImperativeHandle, useMemo } from 'react';
import { type Accept, type FileRejection, useDropzone } from 'react-dropzone';
import classes from './drop-zone.module.css';

export type { FileRejection };

/** What is being dragged over the zone: nothing, files it will take, or files it will refuse. */
export type DropZoneState = 'idle' | 'accept' | 'reject';

export interface DropZoneProps {
  /** The files that passed the checks (never empty). */
  onDrop: (files: File[]) => void;
  /** The files refused, each with react-dropzone's codes: `file-too-large`, `file-invalid-type`, `too-many-files`. */
  onReject?: (rejections: FileRejection[]) => void;
  /** MIME types (`['image/png']`), or MIME types with their extensions (`{ 'text/csv': ['.csv'] }`). */
  accept?: readonly string[] | Accept;
  /** Largest file accepted, in bytes. */
  maxSize?: number;
  /** Several files at once (default); otherwise the first file of several is taken, the others refused as `too-many-files`. */
  multiple?: boolean;
  disabled?: boolean;
  /** Covers the zone with a loader and takes nothing meanwhile. */
  loading?: boolean;
  /** Set to a function that opens the file picker, for a separate "Choose a file" button. */
  openRef?: Ref<() => void>;
  'aria-label'?: string;
  'data-testid'?: string;
  /** The zone's content, which may change while files are dragged over it (an icon for each state). */
  children: (state: DropZoneState) => ReactNode;
}

function acceptMap(accept: readonly string[] | Accept): Accept {
  return isMimeList(accept) ? Object.fromEntries(accept.map((mime) => [mime, []])) : accept;
}

function isMimeList(accept: readonly string[] | Accept): accept is readonly string[] {
  return Array.isArray(accept);
}

/**
 * A dashed box that takes dropped files, or opens the file picker on a click, Enter or Space. The
 * type, size and count checks are react-dropzone's; files that pass go to `onDrop`, the others to
 * `onReject` with the reasons.
 */
export function DropZone({
  onDrop,
  onReject,
  accept,
  maxSize,
  multiple = true,
  disabled = false,
  loading = false,
  openRef,
  'aria-label': ariaLabel,
  'data-testid': testId,
  children,
}: DropZoneProps) {
  const inactive = disabled || loading;
  const acceptedTypes = useMemo(() => (accept ? acceptMap(accept) : undefined), [accept]);
  const { getRootProps, getInputProps, isDragAccept, isDragReject, open } = useDropzone({
    onDropAccepted: (files) => onDrop(files),
    onDropRejected: (rejections) => onReject?.(rejections),
    accept: acceptedTypes,
    maxSize,
    multiple,
    disabled: inactive,
  });
  // react-dropzone has no `open` while disabled; the caller's button may still be pressed.
  useImperativeHandle(
    openRef,
    () => () => {
      if (!inactive) open();
    },
    [inactive, open],
  );

  const state: DropZoneState = isDragAccept ? 'accept' : isDragReject ? 'reject' : 'idle';
  return (
    <div
      {...getRootProps({
        role: 'button',
        className: classes.root,
        'aria-label': ariaLabel,
      })}
      data-testid={testId}
      data-accept={state === 'accept' || undefined}
      data-reject={state === 'reject' || undefined}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
    >
      <LoadingOverlay visible={loading} overlayProps={{ radius: 'md' }} />
      {/* Out of the page entirely, not just invisible: a focusable input inside a button is a nested control (axe). */}
      <input {...getInputProps({ style: { display: 'none' } })} />
      <div className={classes.inner}>{children(state)}</div>
    </div>
  );
}

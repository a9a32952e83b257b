import { Button, Group, Text } from '@mantine/core';
import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import {
  ERROR_NOTICE_DURATION_MS,
  FLASH_SNACKBAR_DEFAULTS,
  INFO_MESSAGE_DURATION_MS,
  SNACKBAR_DURATION_MS,
  SUCCESS_NOTICE_DEFAULTS,
  TOAST_DURATION_MS,
} from '@heed/contract';
import type { ReactNode } from 'react';
import {
  type BarPosition,
  barPosition,
  type NoticePosition,
  type NoticeType,
  noticeColor,
  noticePosition,
} from './notice-options.ts';

/** The spec gives no duration for success notices; they stay as long as an error notice. */
const SUCCESS_NOTICE_DURATION_MS = ERROR_NOTICE_DURATION_MS;

interface CommonOptions {
  /** Auto-close after this many milliseconds. */
  duration?: number;
  /** Stay until closed by the user (the 5xx "indefinite" notice). */
  indefinite?: boolean;
  /** Replaces an open notice with the same id instead of stacking a second one. */
  id?: string;
  onClose?: () => void;
}

export interface NoticeOptions extends CommonOptions {
  title?: ReactNode;
  type?: NoticeType;
  position?: NoticePosition;
}

export interface SnackbarOptions extends CommonOptions {
  type?: NoticeType;
  position?: BarPosition;
  /** Label of the snackbar's action button; the button shows when this or `onAction` is given. */
  actionText?: string;
  onAction?: () => void;
}

export type ToastOptions = Omit<SnackbarOptions, 'actionText' | 'onAction'>;

function autoClose({ duration, indefinite }: CommonOptions, fallback: number): number | false {
  return indefinite ? false : (duration ?? fallback);
}

const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close' };

function show(notice: NotificationData): string {
  const data = { closeButtonProps: CLOSE_BUTTON_PROPS, ...notice };
  const { id } = data;
  const isOpen = id !== undefined && notificationsStore.getState().notifications.some((open) => open.id === id);
  if (isOpen) return notifications.update(data) ?? id;
  return notifications.show(data);
}

function notice(
  message: ReactNode,
  options: NoticeOptions,
  defaults: Required<Pick<NoticeOptions, 'type' | 'duration'>>,
) {
  return show({
    id: options.id,
    title: options.title,
    message,
    color: noticeColor(options.type ?? defaults.type),
    position: noticePosition(options.position ?? SUCCESS_NOTICE_DEFAULTS.position),
    autoClose: autoClose(options, defaults.duration),
    onClose: options.onClose,
  });
}

/** Notices (spec §9): in a corner, with an optional title; each returns its id (`notifications.hide` takes it). */
export const notify = {
  /** Success notice: type success, bottom-right. */
  success: (message: ReactNode, options: NoticeOptions = {}) =>
    notice(message, options, { type: SUCCESS_NOTICE_DEFAULTS.type, duration: SUCCESS_NOTICE_DURATION_MS }),
  /** Error notice: red, 5000 ms unless `indefinite`. */
  error: (message: ReactNode, options: NoticeOptions = {}) =>
    notice(message, options, { type: 'is-danger', duration: ERROR_NOTICE_DURATION_MS }),
  /** Info message: 10000 ms (also the password message's duration). */
  info: (message: ReactNode, options: NoticeOptions = {}) =>
    notice(message, options, { type: 'is-info', duration: INFO_MESSAGE_DURATION_MS }),
  warning: (message: ReactNode, options: NoticeOptions = {}) =>
    notice(message, options, { type: 'is-warning', duration: ERROR_NOTICE_DURATION_MS }),
};

let snackbarCount = 0;

/** Snackbar (spec §9): a bar with an optional action, 3500 ms by default, bottom-right. */
export function snackbar(message: ReactNode, options: SnackbarOptions = {}): string {
  snackbarCount += 1;
  const id = options.id ?? `snackbar-${snackbarCount}`;
  const hasAction = options.actionText !== undefined || options.onAction !== undefined;
  const body = hasAction ? (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="subtle"
        color={noticeColor(options.type ?? 'is-success')}
        onClick={() => {
          options.onAction?.();
          notifications.hide(id);
        }}
      >
        {options.actionText ?? 'OK'}
      </Button>
    </Group>
  ) : (
    message
  );
  return show({
    id,
    message: body,
    color: noticeColor(options.type ?? 'is-success'),
    position: barPosition(options.position ?? 'is-bottom-right'),
    autoClose: autoClose(options, SNACKBAR_DURATION_MS),
    withCloseButton: !hasAction,
    onClose: options.onClose,
  });
}

/** The flash-message snackbar (spec §4): 5000 ms, is-danger, is-bottom unless the message says otherwise. */
export function flashSnackbar(message: ReactNode, options: SnackbarOptions = {}): string {
  return snackbar(message, {
    duration: FLASH_SNACKBAR_DEFAULTS.duration,
    type: FLASH_SNACKBAR_DEFAULTS.type,
    position: FLASH_SNACKBAR_DEFAULTS.position,
    ...options,
  });
}

/** Toast (spec §9): a short, neutral message at the top, 2000 ms. */
export function toast(message: ReactNode, options: ToastOptions = {}): string {
  return show({
    id: options.id,
    message,
    color: noticeColor(options.type ?? 'is-dark'),
    position: barPosition(options.position ?? 'is-top'),
    autoClose: autoClose(options, TOAST_DURATION_MS),
    withCloseButton: false,
    onClose: options.onClose,
  });
}

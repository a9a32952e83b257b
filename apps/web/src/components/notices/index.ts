export type { BarPosition, NoticeKind, NoticePosition, NoticeType } from './notice-options.ts';
export { noticeColor, noticePosition } from './notice-options.ts';
export {
  flashSnackbar,
  type NoticeOptions,
  notify,
  type SnackbarOptions,
  snackbar,
  type ToastOptions,
  toast,
} from './notices.tsx';

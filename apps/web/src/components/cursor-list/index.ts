export { CursorListPage, type CursorListPageProps } from './cursor-list-page.tsx';
export { type CursorList, type CursorResult, useCursorList } from './use-cursor-list.ts';

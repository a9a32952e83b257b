export { InfiniteScroll, type InfiniteScrollProps } from './infinite-scroll.tsx';
export { type InfiniteScrollOptions, isNearEnd, useInfiniteScroll } from './use-infinite-scroll.ts';

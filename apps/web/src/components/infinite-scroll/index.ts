export { InfiniteScroll, type InfiniteScrollProps } from './infinite-scroll.tsx';
export { type InfiniteScrollOptions, useInfiniteScroll } from './use-infinite-scroll.ts';

import { Box, type BoxProps, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { type InfiniteScrollOptions, useInfiniteScroll } from './use-infinite-scroll.ts';

export interface InfiniteScrollProps extends InfiniteScrollOptions, BoxProps {
  /** Accessible name of the scrolling region. */
  label: string;
  children: ReactNode;
}

/** A scrolling region that asks for the next page near its end (spec §9: 10 px, checked at most every 500 ms). */
export function InfiniteScroll({
  label,
  children,
  onLoadMore,
  hasMore,
  isLoading,
  distance,
  interval,
  style,
  ...box
}: InfiniteScrollProps) {
  const ref = useInfiniteScroll({ onLoadMore, hasMore, isLoading, distance, interval });
  return (
    // A scrolling region takes focus so that keyboard users can scroll it.
    <Box
      {...box}
      ref={ref}
      role="region"
      aria-label={label}
      aria-busy={isLoading}
      tabIndex={0}
      style={[{ overflowY: 'auto' }, style]}
    >
      {children}
      {isLoading && (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Loading more" />
        </Center>
      )}
    </Box>
  );
}

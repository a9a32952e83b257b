import { INFINITE_SCROLL_DISTANCE_PX, INFINITE_SCROLL_INTERVAL_MS } from '@heed/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '../../test/render.tsx';
import { InfiniteScroll } from './infinite-scroll.tsx';

const VIEW_HEIGHT = 200;
const CONTENT_HEIGHT = 1000;

/** jsdom has no layout: give the region a fixed size and content height. */
function sizeRegion(region: HTMLElement, contentHeight = CONTENT_HEIGHT) {
  Object.defineProperty(region, 'clientHeight', { configurable: true, value: VIEW_HEIGHT });
  Object.defineProperty(region, 'scrollHeight', { configurable: true, value: contentHeight });
}

function scrollTo(region: HTMLElement, top: number) {
  region.scrollTop = top;
  fireEvent.scroll(region);
}

const END = CONTENT_HEIGHT - VIEW_HEIGHT;

function setup(props: { hasMore?: boolean; isLoading?: boolean } = {}) {
  const onLoadMore = vi.fn();
  const view = (next: { hasMore?: boolean; isLoading?: boolean }) => (
    <InfiniteScroll
      label="Delivery log"
      h={VIEW_HEIGHT}
      onLoadMore={onLoadMore}
      hasMore={next.hasMore ?? true}
      isLoading={next.isLoading ?? false}
    >
      <p>Rows</p>
    </InfiniteScroll>
  );
  // Start as loading so the mount-time check waits until the region has its size.
  const { rerender } = render(view({ ...props, isLoading: true }));
  const region = screen.getByRole('region', { name: 'Delivery log' });
  sizeRegion(region);
  rerender(view(props));
  act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS)); // the user starts scrolling a moment later
  return { onLoadMore, region, rerender: (next: { hasMore?: boolean; isLoading?: boolean }) => rerender(view(next)) };
}

describe('InfiniteScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('loads more when scrolled to within 10 px of the end, not before', () => {
    const { onLoadMore, region } = setup();
    expect(onLoadMore).not.toHaveBeenCalled(); // the end is 800 px away

    scrollTo(region, END - INFINITE_SCROLL_DISTANCE_PX - 1);
    expect(onLoadMore).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS));
    scrollTo(region, END - INFINITE_SCROLL_DISTANCE_PX);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('checks at most every 500 ms, and still checks after the last scroll event', () => {
    const { onLoadMore, region } = setup();
    scrollTo(region, 100); // checked at once: far from the end
    act(() => vi.advanceTimersByTime(100));
    scrollTo(region, END); // within the interval: waits
    expect(onLoadMore).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS - 101));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // Many scroll events inside one interval give at most one more check.
    for (let step = 0; step < 10; step += 1) scrollTo(region, END);
    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('does not ask again while a page is loading, and looks again when it has arrived', () => {
    const { onLoadMore, region, rerender } = setup();
    scrollTo(region, END);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    rerender({ isLoading: true });
    expect(screen.getByRole('status', { name: 'Loading more' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS));
    scrollTo(region, END);
    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS * 3));
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // The page arrived but the content did not grow (still at the end): ask for the next one.
    rerender({ isLoading: false });
    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status', { name: 'Loading more' })).not.toBeInTheDocument();
  });

  it('stops when there is no more', () => {
    const { onLoadMore, region } = setup({ hasMore: false });
    scrollTo(region, END);
    act(() => vi.advanceTimersByTime(INFINITE_SCROLL_INTERVAL_MS * 4));
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('fills a region whose content is shorter than the view', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <InfiniteScroll label="Feed" onLoadMore={onLoadMore} hasMore isLoading>
        <p>Few rows</p>
      </InfiniteScroll>,
    );
    sizeRegion(screen.getByRole('region', { name: 'Feed' }), VIEW_HEIGHT / 2);
    rerender(
      <InfiniteScroll label="Feed" onLoadMore={onLoadMore} hasMore isLoading={false}>
        <p>Few rows</p>
      </InfiniteScroll>,
    );
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

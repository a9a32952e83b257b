import { SEARCH_DEBOUNCE_MS } from '@heed/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, setupUser } from '../../test/render.tsx';
import { SearchField } from './search-field.tsx';

describe('SearchField in key-down mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('searches 250 ms after the user stops typing', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search courses" onSearch={onSearch} />);
    const user = setupUser();
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'fire');
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('fire');
  });

  it('restarts the wait on every keystroke', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" onSearch={onSearch} />);
    const user = setupUser();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'ab');
    act(() => vi.advanceTimersByTime(200));
    await user.type(box, 'c');
    act(() => vi.advanceTimersByTime(200));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('abc');
  });

  it('searches with a single character (minimum length 1) and trims spaces', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" onSearch={onSearch} />);
    await setupUser().type(screen.getByRole('searchbox'), ' a ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('a');
  });

  it('does not search below a longer minimum length, and clears the filter when the text gets too short', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search users" minLength={2} onSearch={onSearch} />);
    const user = setupUser();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'j');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).not.toHaveBeenCalled();

    await user.type(box, 'o');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenLastCalledWith('jo');

    await user.type(box, '{Backspace}');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('clears at once with the clear button', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" defaultValue="safety" onSearch={onSearch} />);
    await setupUser().click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('searches at once on Enter', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" onSearch={onSearch} />);
    await setupUser().type(screen.getByRole('searchbox'), 'audit{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('audit');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

describe('SearchField in button mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('does not search while typing, only on Enter, then offers a clear icon', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" mode="button" onSearch={onSearch} />);
    const user = setupUser();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'cedar');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 4));
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Search' })).toBeVisible();

    await user.type(box, '{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('cedar');
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Search' })).toBeVisible();
  });

  it('submits with the search button', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" mode="button" onSearch={onSearch} />);
    const user = setupUser();
    await user.type(screen.getByRole('searchbox'), 'borealis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('borealis');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeVisible();
  });

  it('turns the clear icon back into search when the submitted text is edited', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" mode="button" onSearch={onSearch} />);
    const user = setupUser();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'acme{Enter}');
    await user.type(box, 's');
    expect(screen.getByRole('button', { name: 'Search' })).toBeVisible();
    await user.type(box, '{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('acmes');
  });

  it('ignores a submit shorter than the minimum length', async () => {
    const onSearch = vi.fn();
    render(<SearchField label="Search" mode="button" minLength={2} onSearch={onSearch} />);
    await setupUser().type(screen.getByRole('searchbox'), 'a{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Search' })).toBeVisible();
  });
});

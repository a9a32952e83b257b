import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS, SEARCH_FIELD_MIN_LENGTH } from '@heed/contract';
import { type KeyboardEvent, useState } from 'react';
import classes from './search-field.module.css';
import { effectiveTerm, useSearchTerm } from './use-search-term.ts';

export interface SearchFieldProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'onSubmit' | 'rightSection' | 'label'> {
  /** Accessible name; shown as a visible label only with `withLabel`. */
  label: string;
  withLabel?: boolean;
  /**
   * `keydown`: the search follows the typing (debounced). `button`: it runs on Enter or the search button, which then
   * turns into a clear button (spec §4).
   */
  mode?: 'keydown' | 'button';
  /** Called with the trimmed term, or '' when the search is cleared or too short. */
  onSearch: (term: string) => void;
  defaultValue?: string;
  /** Shortest term that searches (spec §5: 1; the user search uses 2). */
  minLength?: number;
  debounceMs?: number;
}

/** The console's search box (spec §4, §5, §9). */
export function SearchField({
  label,
  withLabel = false,
  mode = 'keydown',
  onSearch,
  defaultValue = '',
  minLength = SEARCH_FIELD_MIN_LENGTH,
  debounceMs = SEARCH_DEBOUNCE_MS,
  placeholder = 'Search',
  ...props
}: SearchFieldProps) {
  const [text, setText] = useState(defaultValue);
  const initial = effectiveTerm(defaultValue, minLength);
  const [submitted, setSubmitted] = useState<string | null>(mode === 'button' && initial !== '' ? initial : null);
  const { emitLater, emitNow } = useSearchTerm(onSearch, minLength, debounceMs, defaultValue);

  const submit = () => {
    const term = effectiveTerm(text, minLength);
    if (term === '' && text.trim() !== '') return; // too short to search: wait for more typing
    emitNow(term);
    setSubmitted(term === '' ? null : term);
  };
  const clear = () => {
    setText('');
    setSubmitted(null);
    emitNow('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (mode === 'button') submit();
      else emitNow(text);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      clear();
    }
  };

  const showsClear = mode === 'button' ? submitted !== null && text.trim() === submitted : text !== '';
  const rightSection = showsClear ? (
    <ActionIcon variant="subtle" color="gray" aria-label="Clear search" onClick={clear}>
      <IconX size={16} aria-hidden />
    </ActionIcon>
  ) : mode === 'button' ? (
    <ActionIcon variant="subtle" aria-label="Search" onClick={submit}>
      <IconSearch size={16} aria-hidden />
    </ActionIcon>
  ) : null;

  return (
    <TextInput
      {...props}
      type="search"
      classNames={{ input: classes.input }}
      label={withLabel ? label : undefined}
      aria-label={withLabel ? undefined : label}
      placeholder={placeholder}
      value={text}
      leftSection={mode === 'keydown' ? <IconSearch size={16} aria-hidden /> : undefined}
      rightSection={rightSection}
      onKeyDown={onKeyDown}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (mode === 'keydown') emitLater(next);
      }}
    />
  );
}

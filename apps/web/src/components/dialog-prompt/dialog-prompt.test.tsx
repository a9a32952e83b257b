import { FIELD_MESSAGES, MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render as renderWithoutTestProviders } from '@testing-library/react';
import { AppProviders } from '../../admin/app/providers.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { act, render, screen, setupUser, within } from '../../test/render.tsx';
import { DialogPrompt, openDialogPrompt } from './dialog-prompt.tsx';
import type { PromptField, PromptValues } from './prompt-fields.ts';

const RENAME: PromptField[] = [{ name: 'name', label: 'Department name' }];

function Harness({ fields, onSubmit }: { fields: PromptField[]; onSubmit: (values: PromptValues) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <DialogPrompt
      opened={opened}
      title="Rename department"
      fields={fields}
      onSubmit={onSubmit}
      onClose={() => setOpened(false)}
    />
  );
}

describe('DialogPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('requires its inputs by default: OK is disabled until filled', async () => {
    const onSubmit = vi.fn();
    render(<Harness fields={RENAME} onSubmit={onSubmit} />);
    const user = setupUser();
    const ok = screen.getByRole('button', { name: 'OK' });
    const input = screen.getByRole('textbox', { name: 'Department name' });
    expect(input).toBeRequired();
    expect(ok).toBeDisabled();

    await user.type(input, '   ');
    expect(ok).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Finance');
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Finance' });
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says an input is required once the user leaves it empty', async () => {
    render(<Harness fields={RENAME} onSubmit={vi.fn()} />);
    const user = setupUser();
    expect(screen.queryByText(FIELD_MESSAGES.required)).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Department name' }));
    await user.tab();
    expect(screen.getByText(FIELD_MESSAGES.required)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Department name' })).toBeInvalid();
  });

  it('lets a field opt out of being required', async () => {
    const onSubmit = vi.fn();
    const fields: PromptField[] = [
      { name: 'title', label: 'Title' },
      { name: 'note', label: 'Note', required: false },
    ];
    render(<Harness fields={fields} onSubmit={onSubmit} />);
    const user = setupUser();
    expect(screen.getByRole('textbox', { name: 'Note' })).not.toBeRequired();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Q3 audit{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ title: 'Q3 audit', note: '' });
  });

  it('checks e-mail, URL and integer inputs', async () => {
    const onSubmit = vi.fn();
    const fields: PromptField[] = [
      { name: 'email', label: 'E-mail', type: 'email' },
      { name: 'url', label: 'Address', type: 'url' },
      { name: 'months', label: 'Months', type: 'integer', min: 1, max: 60 },
    ];
    render(<Harness fields={fields} onSubmit={onSubmit} />);
    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'cm@acme');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'ftp://files.acme.test');
    await user.type(screen.getByRole('textbox', { name: 'Months' }), '0');
    await user.tab();
    expect(screen.getByText(FIELD_MESSAGES.email)).toBeVisible();
    expect(screen.getByText(FIELD_MESSAGES.httpUrl)).toBeVisible();
    expect(screen.getByText(FIELD_MESSAGES.integerMin(1))).toBeVisible();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), '.test');
    await user.clear(screen.getByRole('textbox', { name: 'Address' }));
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'https://acme.test');
    await user.clear(screen.getByRole('textbox', { name: 'Months' }));
    await user.type(screen.getByRole('textbox', { name: 'Months' }), '12');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'cm@acme.test', url: 'https://acme.test', months: '12' });
  });

  it('sends nothing on Cancel', async () => {
    const onSubmit = vi.fn();
    render(<Harness fields={RENAME} onSubmit={onSubmit} />);
    await setupUser().click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('openDialogPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('resolves with the values on OK', async () => {
    render(<div />);
    let answer: Promise<PromptValues | null> = Promise.resolve(null);
    act(() => {
      answer = openDialogPrompt({
        title: 'New category',
        fields: [{ name: 'name', label: 'Name', defaultValue: 'Ethics' }],
      });
    });
    expect(screen.getByRole('dialog', { name: 'New category' })).toBeVisible();
    await setupUser().click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toEqual({ name: 'Ethics' });
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves with null on Cancel', async () => {
    render(<div />);
    let answer: Promise<PromptValues | null> = Promise.resolve({});
    act(() => {
      answer = openDialogPrompt({ title: 'New category', fields: [{ name: 'name', label: 'Name' }] });
    });
    await setupUser().click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves with null when closed with Escape', async () => {
    render(<div />);
    let answer: Promise<PromptValues | null> = Promise.resolve({});
    act(() => {
      answer = openDialogPrompt({ title: 'New category', fields: [{ name: 'name', label: 'Name' }] });
    });
    await setupUser().keyboard('{Escape}');
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('openDialogPrompt in the console', () => {
  let answer: Promise<PromptValues | null> | undefined;

  /** A console page, mounted the way admin/main.tsx mounts it: the console's providers, no ModalsProvider. */
  function renderConsolePage() {
    renderWithoutTestProviders(
      <AppProviders>
        <button
          type="button"
          onClick={() => {
            answer = openDialogPrompt({ title: 'Rename department', fields: RENAME });
          }}
        >
          Rename
        </button>
      </AppProviders>,
    );
  }

  beforeEach(() => {
    vi.useFakeTimers();
    answer = undefined;
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('opens, insists on its required input and resolves with the value', async () => {
    renderConsolePage();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename department' });
    expect(dialog).toBeVisible();
    const input = within(dialog).getByRole('textbox', { name: 'Department name' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(input).toBeRequired();
    expect(ok).toBeDisabled();

    await user.click(input);
    await user.tab();
    expect(within(dialog).getByText(FIELD_MESSAGES.required)).toBeVisible();
    await user.type(input, 'Finance');
    await user.click(ok);
    await expect(answer).resolves.toEqual({ name: 'Finance' });
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves with null when cancelled or closed, and opens again after', async () => {
    renderConsolePage();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('dialog', { name: 'Rename department' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));
    await expect(answer).resolves.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows in the stored dark scheme, and leaves the console following a switch made in another window', async () => {
    localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify({ darkmode: true }));
    renderConsolePage();
    const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
    expect(scheme()).toBe('dark');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(scheme()).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => vi.advanceTimersByTime(MODAL_CLOSE_DELAY_MS));

    localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify({ darkmode: false }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.preferences }));
    });
    expect(scheme()).toBe('light');
  });
});

import { FIELD_MESSAGES, MODAL_CLOSE_DELAY_MS } from '@heed/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, setupUser } from '../../test/render.tsx';
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
  });

  it('resolves with null on Cancel', async () => {
    render(<div />);
    let answer: Promise<PromptValues | null> = Promise.resolve({});
    act(() => {
      answer = openDialogPrompt({ title: 'New category', fields: [{ name: 'name', label: 'Name' }] });
    });
    await setupUser().click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });

  it('resolves with null when closed with Escape', async () => {
    render(<div />);
    let answer: Promise<PromptValues | null> = Promise.resolve({});
    act(() => {
      answer = openDialogPrompt({ title: 'New category', fields: [{ name: 'name', label: 'Name' }] });
    });
    await setupUser().keyboard('{Escape}');
    await expect(answer).resolves.toBeNull();
  });
});

import { ActionIcon, Button, Group, Input, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconBold, IconItalic, IconLink, IconLinkOff, IconList, IconListNumbers } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { isHttpUrl } from '../../../components/validation/index.ts';
import classes from './rich-text-field.module.css';

export interface RichTextFieldProps {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  description?: string;
  placeholder?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An empty editor leaves `<br>` or an empty paragraph behind: that is no text. */
const normalise = (html: string) => (/^(<p>)?(<br\s*\/?>)?(<\/p>)?$/i.test(html.trim()) ? '' : html);

/**
 * A light rich-text editor (contentEditable and the browser's editing commands): bold, italic,
 * bulleted and numbered lists, links. The server keeps only that much and sanitises the rest, so a
 * paste from a word processor loses its styling there. Ctrl/⌘+B and +I work as anywhere.
 */
export function RichTextField({ label, value, onChange, onBlur, error, description, placeholder }: RichTextFieldProps) {
  const id = useId();
  const editorRef = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);

  // The editor owns its DOM while the reader types; a value from outside (a reset) is written in.
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && normalise(editor.innerHTML) !== value) editor.innerHTML = value;
  }, [value]);

  const emit = () => {
    const editor = editorRef.current;
    if (editor) onChange(normalise(editor.innerHTML));
  };
  const run = (command: string, argument?: string) => {
    editorRef.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const keepSelection = () => {
    const current = window.getSelection();
    selection.current = current && current.rangeCount > 0 ? current.getRangeAt(0).cloneRange() : null;
  };
  const addLink = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const url = link.trim();
    if (!isHttpUrl(url)) {
      setLinkError('Enter a web address starting with http:// or https://.');
      return;
    }
    setLinkOpen(false);
    editorRef.current?.focus();
    const current = window.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
    if (!current || current.isCollapsed)
      document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    else document.execCommand('createLink', false, url);
    emit();
  };
  const shortcut = (event: KeyboardEvent) => {
    if (!(event.metaKey || event.ctrlKey) || event.altKey) return;
    if (event.key.toLowerCase() === 'k') {
      event.preventDefault();
      keepSelection();
      setLinkOpen(true);
    }
  };

  const tool = (name: string, icon: ReactNode, action: () => void) => (
    <Tooltip label={name} withinPortal openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="md"
        aria-label={name}
        // Keeps the text selection: the button never takes the focus from the editor.
        onMouseDown={(event) => event.preventDefault()}
        onClick={action}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Input.Wrapper label={label} description={description} error={error} id={`${id}-wrapper`}>
      <div className={classes.frame} data-invalid={error ? true : undefined}>
        <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={`${label}: formatting`}>
          {tool('Bold', <IconBold size={16} aria-hidden />, () => run('bold'))}
          {tool('Italic', <IconItalic size={16} aria-hidden />, () => run('italic'))}
          {tool('Bulleted list', <IconList size={16} aria-hidden />, () => run('insertUnorderedList'))}
          {tool('Numbered list', <IconListNumbers size={16} aria-hidden />, () => run('insertOrderedList'))}
          <Popover
            opened={linkOpen}
            onChange={setLinkOpen}
            position="bottom-start"
            trapFocus
            returnFocus
            shadow="md"
            withinPortal
          >
            <Popover.Target>
              <Tooltip label="Link" withinPortal openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  aria-label="Link"
                  aria-haspopup="dialog"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    keepSelection();
                  }}
                  onClick={() => {
                    setLink('https://');
                    setLinkError(null);
                    setLinkOpen((open) => !open);
                  }}
                >
                  <IconLink size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Popover.Target>
            <Popover.Dropdown>
              <form onSubmit={addLink} noValidate>
                <Stack gap="xs" w={280}>
                  <TextInput
                    label="Web address"
                    value={link}
                    error={linkError}
                    onChange={(event) => {
                      setLink(event.currentTarget.value);
                      setLinkError(null);
                    }}
                    data-autofocus
                  />
                  <Group justify="flex-end" gap="xs">
                    <Button variant="default" size="xs" onClick={() => setLinkOpen(false)}>
                      Cancel
                    </Button>
                    <Button type="submit" size="xs">
                      Add link
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Popover.Dropdown>
          </Popover>
          {tool('Remove link', <IconLinkOff size={16} aria-hidden />, () => run('unlink'))}
        </Group>
        {/* biome-ignore lint/a11y/useSemanticElements: rich text is edited in a contentEditable region; a textarea holds plain text only */}
        <div
          ref={editorRef}
          id={id}
          className={classes.editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          data-placeholder={placeholder}
          data-empty={value === '' || undefined}
          tabIndex={0}
          onInput={emit}
          onBlur={onBlur}
          onKeyDown={shortcut}
        />
      </div>
    </Input.Wrapper>
  );
}

import { MEDIA_MESSAGES, MEDIA_RULES, type MediaKind, type TopicMedia } from '@heed/contract';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Input,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf, IconMovie, IconPackage, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { type Upload, uploadCourseMedia, useMediaLibrary } from '../api/course-media.ts';
import { topicKindLabel } from '../model/topic-kinds.ts';

const ACCEPT: Record<MediaKind, string> = {
  video: 'video/mp4,video/webm,.mp4,.webm',
  document: 'application/pdf,.pdf',
  scorm: 'application/zip,application/x-zip-compressed,.zip',
};
const ICONS = { video: IconMovie, document: IconFileTypePdf, scorm: IconPackage } as const;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export interface MediaFieldProps {
  kind: MediaKind;
  value: TopicMedia | null;
  onChange: (media: TopicMedia | null) => void;
  error?: string;
}

/**
 * What a video, document or SCORM topic plays: a file uploaded here (POST /course-media, with its
 * progress: a package may be hundreds of megabytes) or an item already in the library. The server
 * checks the file (its type by its first bytes, a package's manifest) and says what is wrong on `file`.
 */
export function MediaField({ kind, value, onChange, error }: MediaFieldProps) {
  const id = useId();
  const label = topicKindLabel(kind);
  const rules = MEDIA_RULES[kind];
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picking, setPicking] = useState(false);
  const upload = useRef<Upload | null>(null);
  const library = useMediaLibrary(kind, debounced, picking);
  useEffect(() => () => upload.current?.abort(), []);

  const start = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > rules.maxBytes) {
      setUploadError(MEDIA_MESSAGES.tooLarge(kind));
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    const current = uploadCourseMedia(kind, file, (fraction) => setProgress({ name: file.name, fraction }));
    upload.current = current;
    current.promise.then(
      (media) => {
        setProgress(null);
        onChange(media);
      },
      (failure) => {
        setProgress(null);
        const { message, details } = formatApiError(failure);
        setUploadError(details.length > 0 ? details.join(' ') : message);
      },
    );
  };

  const Icon = ICONS[kind];
  const shown = error && !uploadError ? error : (uploadError ?? undefined);
  const options = (library.data?.data ?? []).map((media) => ({
    value: String(media.id),
    label: media.title ? `${media.title} (${media.original_name})` : media.original_name,
  }));

  return (
    <Input.Wrapper
      label={label}
      withAsterisk
      description={`${rules.accepts.charAt(0).toUpperCase()}${rules.accepts.slice(1)}, up to ${MEDIA_MESSAGES.tooLarge(kind).split('at most ')[1]?.replace('.', '') ?? ''}.`}
      error={shown}
      id={id}
    >
      <Paper
        withBorder
        radius="sm"
        p="sm"
        mt={4}
        data-invalid-focus={shown ? true : undefined}
        tabIndex={shown ? -1 : undefined}
      >
        {progress ? (
          <Stack gap={6} aria-live="polite">
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" truncate>
                Uploading {progress.name}…
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {Math.round(progress.fraction * 100)} %
                </Text>
                <Button variant="subtle" size="compact-sm" color="gray" onClick={() => upload.current?.abort()}>
                  Cancel
                </Button>
              </Group>
            </Group>
            <Progress
              value={progress.fraction * 100}
              animated={progress.fraction >= 1}
              aria-label={`Uploading ${progress.name}`}
            />
            {progress.fraction >= 1 && (
              <Text size="xs" c="dimmed">
                {kind === 'scorm' ? 'Checking and unpacking the package…' : 'Checking the file…'}
              </Text>
            )}
          </Stack>
        ) : value ? (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" size="lg" radius="sm" aria-hidden>
                <Icon size={18} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {value.title ?? value.original_name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {[
                    value.title ? value.original_name : null,
                    formatBytes(value.size),
                    value.scorm_version ? `SCORM ${value.scorm_version}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
            </Group>
            <CloseButton aria-label={`Remove ${value.original_name} from this topic`} onClick={() => onChange(null)} />
          </Group>
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <FileButton onChange={start} accept={ACCEPT[kind]}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                  Upload {rules.label}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed" pb={6}>
              or
            </Text>
            <Select
              aria-label={`Choose a ${rules.label} from the library`}
              placeholder="Choose from the library"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              onDropdownOpen={() => setPicking(true)}
              data={options}
              filter={({ options: all }) => all}
              nothingFoundMessage={library.isFetching ? 'Loading…' : `No ${rules.label} in the library matches`}
              value={null}
              onChange={(chosen) => {
                const media = library.data?.data.find((item) => String(item.id) === chosen);
                if (media) onChange(media);
              }}
              w={300}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
      </Paper>
    </Input.Wrapper>
  );
}

import { COURSE_THUMBNAIL_RULE } from '@heed/contract';
import { Box, Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useCompanyAssets } from '../../../lib/queries/company-assets.ts';
import { AssetDropzone } from '../../../components/asset-dropzone/index.ts';
import { thumbnailUrl } from '../model/course-format.ts';
import classes from './course-editor.module.css';

const isThumbnailImage = (asset: { mime: string; size: number }) =>
  (COURSE_THUMBNAIL_RULE.mimes as readonly string[]).includes(asset.mime) &&
  asset.size <= COURSE_THUMBNAIL_RULE.maxBytes;

export interface ThumbnailFieldProps {
  /** The chosen image's `url`, or null for none. */
  value: string | null;
  error?: string | undefined;
  onChange: (url: string | null) => void;
}

/**
 * The course's thumbnail: a preview, a choice among the company's images (course media that fit the
 * thumbnail rule) and an upload of a new one (File Management's dropzone, checked against the rule
 * before it is sent), which becomes the choice once stored.
 */
export function ThumbnailField({ value, error, onChange }: ThumbnailFieldProps) {
  const labelId = useId();
  const assets = useCompanyAssets('course_media');
  const options = useMemo(() => {
    const images = (assets.data ?? []).filter(isThumbnailImage).map((a) => ({ value: a.url, label: a.name }));
    // The stored choice stays listed even when the company's files no longer hold it.
    if (value !== null && !images.some((option) => option.value === value))
      images.unshift({ value, label: 'Current thumbnail' });
    return images;
  }, [assets.data, value]);
  const src = thumbnailUrl(value);

  return (
    <Stack gap="sm" role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        Thumbnail
      </Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box className={classes.thumbnailPreview}>
          {src ? (
            <Image src={src} alt="Thumbnail preview" fit="cover" w="100%" h="100%" />
          ) : (
            <Stack align="center" justify="center" gap={4} h="100%">
              <IconPhoto size={28} stroke={1.4} aria-hidden />
              <Text size="xs" c="dimmed">
                No thumbnail
              </Text>
            </Stack>
          )}
        </Box>
        <Stack gap="sm" style={{ flex: '1 1 280px' }}>
          <Select
            label="Choose from the company’s files"
            placeholder={
              assets.isPending ? 'Loading files…' : options.length === 0 ? 'No images yet' : 'Choose an image'
            }
            searchable
            data={options}
            value={value}
            onChange={(url) => onChange(url)}
            error={error}
            nothingFoundMessage="No image matches"
            comboboxProps={{ withinPortal: true }}
            maw={480}
          />
          <AssetDropzone
            type="course_media"
            rule={COURSE_THUMBNAIL_RULE}
            label="Thumbnail"
            multiple={false}
            onUploaded={(asset) => onChange(asset.url)}
          />
          {value !== null && (
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(null)}>
                Remove thumbnail
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

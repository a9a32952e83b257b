import { ASSET_RULES, ASSET_TYPE_LABELS, type Asset, type AssetType } from '@heed/contract';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DropZone, type FileRejection } from '../drop-zone/index.ts';
import { notify } from '../notices/index.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { companyAssetsKey } from '../../lib/queries/company-assets.ts';
import { uploadAsset } from '../../lib/queries/upload-asset.ts';

interface Uploading {
  name: string;
  fraction: number;
}

interface Refusal {
  name: string;
  message: string;
}

/** What a dropzone accepts: an asset type's rule, or a narrower one for a particular use. */
export interface UploadRule {
  mimes: readonly string[];
  maxBytes: number;
  /** "a PNG, JPEG or WebP image" */
  accepts: string;
}

function rejectionMessage(rule: UploadRule, noun: string, rejection: FileRejection): Refusal {
  const code = rejection.errors[0]?.code;
  const message =
    code === 'file-too-large'
      ? `Too large: a ${noun} may be at most ${formatBytes(rule.maxBytes)}.`
      : code === 'too-many-files'
        ? 'Choose one file at a time.'
        : `A ${noun} must be ${rule.accepts}.`;
  return { name: rejection.file.name, message };
}

export interface AssetDropzoneProps {
  type: AssetType;
  /** A narrower rule than the type's, for one use (a course thumbnail: images of at most 2 MB). */
  rule?: UploadRule;
  /** What the files are called in messages ("thumbnail"); the type's label otherwise. */
  label?: string;
  /** One file at a time (default: several). */
  multiple?: boolean;
  /** Each file stored, as the server answered. */
  onUploaded?: (asset: Asset) => void;
}

/**
 * Drop files (or choose them) to upload as assets of one type. The browser's check of type and size
 * is a courtesy: the server reads each file's content and has the last word; its refusal is shown
 * beside the file's name. Files upload one after another, with progress.
 */
export function AssetDropzone({ type, rule: narrower, label, multiple = true, onUploaded }: AssetDropzoneProps) {
  const queryClient = useQueryClient();
  const rule = narrower ?? ASSET_RULES[type];
  const title = label ?? ASSET_TYPE_LABELS[type];
  const noun = title.toLowerCase();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const uploadAll = async (files: File[]) => {
    setRefusals([]);
    let stored = 0;
    for (const file of files) {
      setUploading({ name: file.name, fraction: 0 });
      try {
        const asset = await uploadAsset(type, file, (fraction) => setUploading({ name: file.name, fraction })).promise;
        stored += 1;
        onUploaded?.(asset);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const details = (error as { details?: Record<string, string[]> }).details?.file;
        setRefusals((previous) => [...previous, { name: file.name, message: details?.join(' ') ?? message }]);
      }
    }
    setUploading(null);
    if (stored > 0) {
      notify.success(stored === 1 ? 'File uploaded.' : `${stored} files uploaded.`);
      await queryClient.invalidateQueries({ queryKey: companyAssetsKey });
    }
  };

  return (
    <Stack gap="sm">
      <DropZone
        onDrop={(files) => void uploadAll(files)}
        onReject={(rejections) => setRefusals(rejections.map((r) => rejectionMessage(rule, noun, r)))}
        accept={rule.mimes}
        maxSize={rule.maxBytes}
        multiple={multiple}
        loading={uploading !== null}
        aria-label={
          multiple ? `Drop ${noun} files here, or press to choose them` : `Drop a ${noun} here, or press to choose one`
        }
        data-testid="asset-dropzone"
      >
        {(state) => (
          <Group justify="center" gap="lg" mih={120} wrap="nowrap">
            {state === 'accept' ? (
              <IconUpload size={40} stroke={1.4} aria-hidden />
            ) : state === 'reject' ? (
              <IconX size={40} stroke={1.4} aria-hidden />
            ) : (
              <IconCloudUpload size={40} stroke={1.4} aria-hidden />
            )}
            <Stack gap={2}>
              <Text fw={600}>
                {multiple ? 'Drop files here, or click to choose' : 'Drop a file here, or click to choose'}
              </Text>
              <Text size="sm" c="dimmed">
                {`${title}: ${rule.accepts}, up to ${formatBytes(rule.maxBytes)}${multiple ? ' each' : ''}.`}
              </Text>
            </Stack>
          </Group>
        )}
      </DropZone>
      {uploading && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            Uploading {uploading.name}… {Math.round(uploading.fraction * 100)}%
          </Text>
          <Progress value={uploading.fraction * 100} aria-label={`Uploading ${uploading.name}`} />
        </Stack>
      )}
      {refusals.length > 0 && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={refusals.length === 1 ? 'A file was not uploaded' : `${refusals.length} files were not uploaded`}
          withCloseButton
          onClose={() => setRefusals([])}
          role="alert"
        >
          <Stack gap={4}>
            {refusals.map((refusal) => (
              <Text key={`${refusal.name}:${refusal.message}`} size="sm">
                <strong>{refusal.name}</strong>: {refusal.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

import type { Asset } from '@heed/contract';
import { ActionIcon, CopyButton, Group, Image, Table, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconCheck,
  IconDownload,
  IconFile,
  IconFileTypePdf,
  IconLink,
  IconMovie,
  IconTrash,
} from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format-bytes.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The absolute address of an asset, for pasting into a course, an e-mail or a document. */
export const absoluteUrl = (asset: Asset) => new URL(asset.url, window.location.origin).toString();

function Preview({ asset }: { asset: Asset }) {
  if (asset.mime.startsWith('image/')) {
    return (
      <a href={asset.url} target="_blank" rel="noreferrer" aria-label={`Open ${asset.name}`}>
        <Image src={asset.url} alt="" h={48} w={72} fit="contain" radius="sm" bg="var(--mantine-color-default-hover)" />
      </a>
    );
  }
  const Icon =
    asset.mime === 'application/pdf' ? IconFileTypePdf : asset.mime.startsWith('video/') ? IconMovie : IconFile;
  return (
    <ThemeIcon variant="light" size={48} radius="sm" color="gray" aria-hidden>
      <Icon size={24} stroke={1.5} />
    </ThemeIcon>
  );
}

/** The assets of one type: preview, name, size, when; copy link, open, delete. */
export function AssetTable({ assets, onDelete }: { assets: readonly Asset[]; onDelete: (asset: Asset) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={96}>Preview</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((asset) => (
            <Table.Tr key={asset.id}>
              <Table.Td>
                <Preview asset={asset} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1} title={asset.name}>
                  {asset.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {asset.mime}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatBytes(asset.size)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dateFormat.format(new Date(asset.created_at))}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <CopyButton value={absoluteUrl(asset)} timeout={2000}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Link copied' : 'Copy link'} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={`Copy link to ${asset.name}`}
                        >
                          {copied ? <IconCheck size={18} /> : <IconLink size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                  <Tooltip label={asset.mime.startsWith('image/') ? 'Open' : 'Download'} withArrow>
                    <ActionIcon
                      component="a"
                      href={asset.url}
                      target="_blank"
                      rel="noreferrer"
                      variant="subtle"
                      color="gray"
                      aria-label={`Download ${asset.name}`}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => onDelete(asset)}
                      aria-label={`Delete ${asset.name}`}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

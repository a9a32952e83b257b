import { ASSET_TYPES, ASSET_TYPE_LABELS, type Asset, type AssetType } from '@heed/contract';
import { Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { useConsoleSession } from '../../../lib/console-session.tsx';
import { useCompanyAssets } from '../../../lib/queries/company-assets.ts';
import { AssetDropzone } from '../../../components/asset-dropzone/index.ts';
import { AssetTable } from '../components/asset-table.tsx';
import { DeleteAssetDialog } from '../components/delete-asset-dialog.tsx';

const TAB_LABELS: Record<AssetType, string> = {
  logo: 'Logos',
  certificate_background: 'Certificate backgrounds',
  policy_document: 'Policy documents',
  course_media: 'Course media',
};

const EMPTY: Record<AssetType, string> = {
  logo: 'Upload your logo, then choose it in Edit Company: the console header, the learner side, e-mails and certificates show it.',
  certificate_background: 'Upload an image to print behind the certificates your learners earn.',
  policy_document: 'Upload the policies your learners read and acknowledge, as PDF.',
  course_media: 'Upload videos, images and documents to use in your courses.',
};

function AssetsOfType({ type, onDelete }: { type: AssetType; onDelete: (asset: Asset) => void }) {
  const query = useCompanyAssets(type);
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading files">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={56} radius="sm" />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <LoadFailed
        title="The files could not be loaded"
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data.length === 0)
    return (
      <Stack align="center" gap={6} py="xl" c="dimmed">
        <IconFolderOpen size={32} stroke={1.5} aria-hidden />
        <Text fw={600} c="var(--mantine-color-text)">
          No {TAB_LABELS[type].toLowerCase()} yet
        </Text>
        <Text size="sm" ta="center" maw={520}>
          {EMPTY[type]} Drop files above to add some.
        </Text>
      </Stack>
    );
  return <AssetTable assets={query.data} onDelete={onDelete} />;
}

/**
 * File Management (`/settings/file-management`, Company Managers and up; spec §2): the company's
 * files by type — upload by drag and drop, preview, copy a link, delete (refused while in use).
 */
export default function FileManagementPage() {
  const { company } = useConsoleSession();
  const [type, setType] = useState<AssetType>('logo');
  const [deleting, setDeleting] = useState<Asset | null>(null);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Files of {company.name}. Each is checked by its content when it is uploaded, and served so that nothing in it
        can run.
      </Text>
      <Tabs value={type} onChange={(value) => value && setType(value as AssetType)} keepMounted={false}>
        <Tabs.List>
          {ASSET_TYPES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ASSET_TYPES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md" aria-label={ASSET_TYPE_LABELS[value]}>
            <Stack gap="md">
              <AssetDropzone type={value} />
              <Paper withBorder radius="md" p="xs">
                <AssetsOfType type={value} onDelete={setDeleting} />
              </Paper>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <DeleteAssetDialog asset={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

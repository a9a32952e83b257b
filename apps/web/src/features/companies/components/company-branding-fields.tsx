import { ColorInput, Group, Image, Radio, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routePath } from '@heed/contract';
import { useCompanyAssets } from '../../../lib/queries/company-assets.ts';
import classes from './company-branding.module.css';
import { type CompanyForm, FormSection } from './company-fields.tsx';

const SWATCHES = ['#4c6ef5', '#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#c2410c', '#15803d', '#334155'];

function LogoChoice({ form }: { form: CompanyForm }) {
  const logos = useCompanyAssets('logo');
  if (logos.isPending) return <Skeleton h={88} radius="md" />;
  if (logos.isError)
    return (
      <Text c="red" size="sm">
        The logos could not be loaded: {logos.error.message}
      </Text>
    );
  const chosen = form.values.logo_path;
  const option = (value: string | null, content: React.ReactNode, label: string) => (
    <UnstyledButton
      key={value ?? 'none'}
      className={classes.logoOption}
      data-checked={chosen === value || undefined}
      onClick={() => form.setFieldValue('logo_path', value)}
      aria-pressed={chosen === value}
      aria-label={label}
    >
      <Group gap="xs" wrap="nowrap">
        <Radio checked={chosen === value} readOnly tabIndex={-1} aria-hidden />
        {content}
      </Group>
    </UnstyledButton>
  );
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Logo
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {option(
          null,
          <Group gap={6} c="dimmed">
            <IconPhotoOff size={18} aria-hidden />
            <Text size="sm">No logo</Text>
          </Group>,
          'No logo',
        )}
        {logos.data.map((logo) =>
          option(
            logo.path,
            <Image src={logo.url} alt="" h={40} w="auto" maw={120} fit="contain" />,
            `Logo ${logo.name}`,
          ),
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        {logos.data.length === 0 ? 'No logos uploaded yet. ' : ''}
        Upload logos in{' '}
        <Text component={Link} to={routePath('file-management')} size="xs" c="blue">
          File Management
        </Text>
        .
      </Text>
    </div>
  );
}

/**
 * The logo and the primary colour: the console header, the learner side, e-mails and certificates
 * show them. A new company has no files yet, so its logo is chosen after it exists.
 */
export function CompanyBrandingFields({ form, withLogo }: { form: CompanyForm; withLogo: boolean }) {
  return (
    <FormSection
      title="Branding"
      description="Shown in the console header, on the learner side, in e-mails and on certificates."
    >
      {withLogo && <LogoChoice form={form} />}
      <ColorInput
        label="Primary colour"
        placeholder="Heed's accent"
        description="Empty: Heed's own accent colour."
        format="hex"
        swatches={SWATCHES}
        maw={260}
        {...form.getInputProps('primary_color')}
      />
    </FormSection>
  );
}

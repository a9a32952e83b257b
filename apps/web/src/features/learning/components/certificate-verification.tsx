import { CERTIFICATE_MESSAGES, type CertificateVerification as Verification } from '@heed/contract';
import { Alert, Badge, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRosetteDiscountCheck, IconSearch, IconShieldX } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useCertificateVerification } from '../api/verify-certificate.ts';
import { formatDay } from '../model/due-wording.ts';
import classes from './certificate-verification.module.css';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Certificate({ certificate }: { certificate: Verification }) {
  const valid = certificate.status === 'valid';
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" color={valid ? 'green.8' : 'orange.8'} aria-hidden>
          {valid ? <IconRosetteDiscountCheck size={26} /> : <IconAlertTriangle size={24} />}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} size="h3">
            {valid ? 'Valid certificate' : 'Expired certificate'}
          </Title>
          <Text size="sm" c="dimmed">
            {valid
              ? 'This certificate was issued by Heed and is valid.'
              : `This certificate was issued by Heed and expired on ${formatDay(certificate.expires_at ?? '')}.`}
          </Text>
        </Stack>
      </Group>
      <dl className={classes.fields}>
        <Field label="Certificate number">
          <span className={classes.number}>{certificate.number}</span>
        </Field>
        <Field label="Awarded to">{certificate.learner_name}</Field>
        <Field label="Course">{certificate.course_name}</Field>
        <Field label="Company">{certificate.company_name}</Field>
        <Field label="Completed">{formatDay(certificate.completed_at)}</Field>
        {certificate.score !== null && (
          <Field label="Score">
            {certificate.score}%
            {certificate.passing_score !== null && (
              <Text span c="dimmed" size="sm">
                {' '}
                (pass mark {certificate.passing_score}%)
              </Text>
            )}
          </Field>
        )}
        <Field label={valid ? 'Valid until' : 'Expired'}>
          {certificate.expires_at ? formatDay(certificate.expires_at) : 'Does not expire'}
        </Field>
        <Field label="Status">
          <Badge variant="light" radius="sm" tt="none" fw={600} className={valid ? classes.valid : classes.expired}>
            {valid ? 'Valid' : 'Expired'}
          </Badge>
        </Field>
      </dl>
    </Stack>
  );
}

/**
 * What a certificate shows, by its number, for anyone checking it (no sign-in): valid or expired, or
 * a clear answer when no certificate has that number.
 */
export function CertificateVerification({ number }: { number: string }) {
  const query = useCertificateVerification(number);
  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Checking the certificate">
        <Skeleton height={32} width="70%" />
        <Skeleton height={18} />
        <Skeleton height={18} width="80%" />
        <Skeleton height={18} width="60%" />
      </Stack>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, 404)) {
      return (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="xl" color="red.8" aria-hidden>
              <IconShieldX size={24} />
            </ThemeIcon>
            <Stack gap={2}>
              <Title order={1} size="h3">
                Certificate not found
              </Title>
              <Text size="sm" c="dimmed">
                {CERTIFICATE_MESSAGES.notFound}
              </Text>
            </Stack>
          </Group>
          <Text size="sm">
            You checked <span className={classes.number}>{number}</span>. Certificate numbers look like{' '}
            <span className={classes.number}>HEED-XXXX-XXXX-XXXX</span> and are printed under the verification address
            on the certificate.
          </Text>
        </Stack>
      );
    }
    return (
      <Alert
        color={isApiError(query.error, 429) ? 'orange' : 'red'}
        variant="light"
        icon={<IconSearch size={18} aria-hidden />}
        title="The certificate could not be checked"
      >
        {formatApiError(query.error).message}
      </Alert>
    );
  }
  return <Certificate certificate={query.data} />;
}

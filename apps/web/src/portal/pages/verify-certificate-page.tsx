import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CertificateVerification } from '../../features/learning/components/certificate-verification.tsx';
import { verifyPath } from '../../features/learning/model/learner-paths.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

/** Another number to check, typed as printed (case and spaces are forgiven by the server). */
function CheckAnother({ current }: { current: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const number = value.trim();
        if (number && number !== current) navigate(verifyPath(number));
      }}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Check another certificate"
            placeholder="HEED-XXXX-XXXX-XXXX"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
            Check
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/verify/:number`: anyone may check a certificate (no sign-in). */
export function VerifyCertificatePage() {
  const { number = '' } = useParams();
  return (
    <AuthLayout
      title={`Certificate ${number} · Heed`}
      wide
      footer={
        <Text size="xs" c="dimmed" ta="center">
          Heed checks certificates against its own records. The details above are exactly what the certificate shows.
        </Text>
      }
    >
      <Stack gap="xl">
        <CertificateVerification key={number} number={number} />
        <CheckAnother current={number} />
      </Stack>
    </AuthLayout>
  );
}

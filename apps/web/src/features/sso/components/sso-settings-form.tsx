import type { SamlAttributeMapping, SamlSettings, SamlSettingsBody } from '@heed/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/copy-field/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatTime } from '../../../lib/format-time.ts';
import { useFieldKeys } from '../api/list-field-keys.ts';
import { startSamlTest, useUpdateSamlSettings } from '../api/saml-settings.ts';
import { IdpMetadataUrlField, MetadataRefreshAlert } from './idp-metadata-url.tsx';

interface Draft {
  source: 'metadata' | 'url' | 'manual';
  metadata: string;
  metadataUrl: string;
  entityId: string;
  ssoUrl: string;
  cert1: string;
  cert2: string;
  mapping: SamlAttributeMapping;
  enabled: boolean;
  createUsers: boolean;
  defaultRole: string;
  requireSso: boolean;
  allowIdpInitiated: boolean;
  domains: string[];
}

const draftOf = (s: SamlSettings): Draft => ({
  source: s.idp_metadata_url ? 'url' : s.idp_sso_url ? 'manual' : 'metadata',
  metadata: '',
  metadataUrl: s.idp_metadata_url ?? '',
  entityId: s.idp_entity_id ?? '',
  ssoUrl: s.idp_sso_url ?? '',
  cert1: s.idp_certificates[0]?.pem ?? '',
  cert2: s.idp_certificates[1]?.pem ?? '',
  mapping: s.attribute_mapping,
  enabled: s.enabled,
  createUsers: s.create_users,
  defaultRole: String(s.default_role),
  requireSso: s.require_sso,
  allowIdpInitiated: s.allow_idp_initiated,
  domains: s.email_domains,
});

function bodyOf(d: Draft): SamlSettingsBody {
  // The fields as they are go along with a URL too: the server reads the fetched metadata over them.
  const idp =
    d.source === 'metadata' && d.metadata.trim()
      ? { idp_metadata: d.metadata }
      : {
          idp_entity_id: d.entityId.trim() || null,
          idp_sso_url: d.ssoUrl.trim() || null,
          idp_certificates: [d.cert1, d.cert2].map((c) => c.trim()).filter(Boolean),
        };
  return {
    ...idp,
    idp_metadata_url: d.source === 'url' ? d.metadataUrl.trim() || null : null,
    enabled: d.enabled,
    attribute_mapping: d.mapping,
    create_users: d.createUsers,
    default_role: Number(d.defaultRole) as 0 | 3,
    require_sso: d.requireSso,
    allow_idp_initiated: d.allowIdpInitiated,
    email_domains: d.domains,
  };
}

/** What can be told before asking the server (which checks everything again). */
function problemsOf(d: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  const url = d.metadataUrl.trim();
  if (d.source === 'url' && !url) problems.idp_metadata_url = 'Enter the address of the IdP’s metadata.';
  else if (d.source === 'url' && !/^https:\/\/[^/\s]+/i.test(url))
    problems.idp_metadata_url = 'Enter an https:// address.';
  if (d.requireSso && !d.enabled) problems.require_sso = 'Turn single sign-on on before requiring it.';
  return problems;
}

const MAPPED: { key: keyof Omit<SamlAttributeMapping, 'custom_fields'>; label: string; hint: string }[] = [
  { key: 'email', label: 'E-mail', hint: 'Default: the NameID, or an e-mail claim' },
  { key: 'first_name', label: 'First name', hint: 'Default: givenName / firstName' },
  { key: 'last_name', label: 'Last name', hint: 'Default: surname / lastName' },
  { key: 'phone', label: 'Phone', hint: 'Not filled unless named' },
  { key: 'department', label: 'Department', hint: 'An existing department, by name' },
];

/** The Single Sign On settings: our SP's addresses, the IdP, attribute mapping and options, saved together. */
export function SsoSettingsForm({ settings }: { settings: SamlSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const save = useUpdateSamlSettings();
  const fields = useFieldKeys();
  const [testing, setTesting] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errors = isApiError(save.error) ? save.error.details : {};
  const error = (key: string) => problems[key] ?? errors[key]?.[0];
  const setMapping = (key: string, value: string) =>
    set({ mapping: { ...draft.mapping, [key]: value } as SamlAttributeMapping });

  const submit = () => {
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(draft), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        notify.success('Single sign-on settings saved.');
      },
    });
  };
  const test = async () => {
    setTesting(true);
    try {
      window.location.assign((await startSamlTest()).redirect_url);
    } catch (failure) {
      notify.error(failure instanceof Error ? failure.message : 'The test could not be started.');
      setTesting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            Heed as a service provider
          </Title>
          <Text size="sm" c="dimmed">
            Give these to your identity provider (Okta, Entra ID, Google Workspace…), or give it our metadata.
          </Text>
          <CopyField label="Entity ID (audience)" value={settings.sp_entity_id} />
          <CopyField label="ACS URL (HTTP-POST)" value={settings.acs_url} />
          <Group>
            <Button
              component="a"
              href={settings.metadata_url}
              variant="default"
              leftSection={<IconDownload size={16} />}
            >
              Download SP metadata
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            Identity provider
          </Title>
          <SegmentedControl
            value={draft.source}
            onChange={(value) => set({ source: value as Draft['source'] })}
            data={[
              { value: 'metadata', label: 'Metadata' },
              { value: 'url', label: 'Metadata URL' },
              { value: 'manual', label: 'Enter manually' },
            ]}
            w="fit-content"
          />
          <MetadataRefreshAlert settings={settings} />
          {draft.source === 'url' ? (
            <IdpMetadataUrlField
              value={draft.metadataUrl}
              onChange={(metadataUrl) => set({ metadataUrl })}
              error={error('idp_metadata_url')}
              fetchedAt={settings.idp_metadata_url ? settings.metadata_fetched_at : null}
            />
          ) : draft.source === 'metadata' ? (
            <Stack gap="xs">
              <Textarea
                label="IdP metadata XML"
                description="Paste it, or upload the file your IdP offers. Entity ID, sign-in URL and certificates are read from it."
                autosize
                minRows={4}
                maxRows={10}
                value={draft.metadata}
                onChange={(event) => set({ metadata: event.currentTarget.value })}
                error={error('idp_metadata')}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              />
              <FileButton
                accept=".xml,text/xml,application/xml"
                onChange={(file) => file?.text().then((text) => set({ metadata: text }))}
              >
                {(props) => (
                  <Button {...props} variant="default" size="xs" w="fit-content" leftSection={<IconUpload size={14} />}>
                    Upload metadata file
                  </Button>
                )}
              </FileButton>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <TextInput
                label="IdP entity ID (issuer)"
                value={draft.entityId}
                onChange={(e) => set({ entityId: e.currentTarget.value })}
                error={error('idp_entity_id')}
              />
              <TextInput
                label="IdP sign-in URL"
                value={draft.ssoUrl}
                onChange={(e) => set({ ssoUrl: e.currentTarget.value })}
                error={error('idp_sso_url')}
              />
              <Textarea
                label="Signing certificate"
                description="PEM or base64"
                autosize
                minRows={3}
                maxRows={6}
                value={draft.cert1}
                onChange={(e) => set({ cert1: e.currentTarget.value })}
                error={error('idp_certificates.0')}
              />
              <Textarea
                label="Second certificate (during a rollover)"
                description="Optional"
                autosize
                minRows={3}
                maxRows={6}
                value={draft.cert2}
                onChange={(e) => set({ cert2: e.currentTarget.value })}
                error={error('idp_certificates.1')}
              />
            </SimpleGrid>
          )}
          {settings.idp_certificates.length > 0 ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                Certificates in use
              </Text>
              {settings.idp_certificates.map((cert) => (
                <Text key={cert.pem} size="sm" c="dimmed">
                  {cert.subject ?? 'Certificate'} · expires {formatTime(cert.expires_at, 'unknown')}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            Attribute mapping
          </Title>
          <Text size="sm" c="dimmed">
            The SAML attribute (claim) name that fills each field when someone signs in. Leave empty for the default.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {MAPPED.map((field) => (
              <TextInput
                key={field.key}
                label={field.label}
                placeholder={field.hint}
                value={draft.mapping[field.key]}
                onChange={(e) => setMapping(field.key, e.currentTarget.value)}
              />
            ))}
            {(fields.data ?? []).map((field) => (
              <TextInput
                key={field.key}
                label={`${field.label} (custom field)`}
                placeholder="Not filled unless named"
                value={draft.mapping.custom_fields[field.key] ?? ''}
                onChange={(e) =>
                  set({
                    mapping: {
                      ...draft.mapping,
                      custom_fields: { ...draft.mapping.custom_fields, [field.key]: e.currentTarget.value },
                    },
                  })
                }
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            Sign-in
          </Title>
          <Switch
            label="Single sign-on is on"
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
          <TagsInput
            label="E-mail domains"
            description="People whose work e-mail ends in one of these are sent to your IdP by “Sign in with SSO”."
            placeholder="example.com"
            value={draft.domains}
            onChange={(domains) => set({ domains })}
            error={Object.entries(errors).find(([key]) => key.startsWith('email_domains'))?.[1]?.[0]}
          />
          <Switch
            label="Create users on first sign-in"
            checked={draft.createUsers}
            onChange={(e) => set({ createUsers: e.currentTarget.checked })}
          />
          {draft.createUsers ? (
            <Select
              label="Role of users created on first sign-in"
              w={280}
              value={draft.defaultRole}
              onChange={(value) => set({ defaultRole: value ?? '0' })}
              data={[
                { value: '0', label: 'Student' },
                { value: '3', label: 'Reviewer' },
              ]}
              allowDeselect={false}
            />
          ) : null}
          <Switch
            label="Require SSO"
            description="Passwords are refused for this company's people; site administrators keep theirs."
            checked={draft.requireSso}
            onChange={(e) => set({ requireSso: e.currentTarget.checked })}
            error={error('require_sso')}
          />
          <Switch
            label="Allow IdP-initiated sign-in"
            description="Take responses the IdP sends without a request of ours (from its app dashboard). Off is safer."
            checked={draft.allowIdpInitiated}
            onChange={(e) => set({ allowIdpInitiated: e.currentTarget.checked })}
          />
        </Stack>
      </Paper>

      {save.isError && !Object.keys(errors).length ? <Alert color="red">{save.error.message}</Alert> : null}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlayerPlay size={16} />}
          onClick={test}
          loading={testing}
          disabled={!settings.idp_sso_url}
        >
          Test sign-in
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

import { ROUTER_BASE, routePath } from '@heed/contract';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { useConsoleSession } from '../../../lib/console-session.tsx';
import { setFlashMessage } from '../../../lib/flash.ts';
import { companyQueryOptions } from '../api/get-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import { CompanyBrandingFields } from '../components/company-branding-fields.tsx';
import { CompanyFormActions } from '../components/company-form-actions.tsx';
import { CompanyAccessFields, CompanyGeneralFields, CompanySessionFields } from '../components/company-fields.tsx';
import { type CompanyFormValues, companyValuesOf, updateBodyOf } from '../model/company-form-model.ts';
import { useCompanyForm } from '../model/use-company-form.ts';
import type { Company } from '@heed/contract';

function EditForm({ company, siteAdmin }: { company: Company; siteAdmin: boolean }) {
  const { form, problem, setProblem, showError } = useCompanyForm(companyValuesOf(company));
  const update = useUpdateCompany();
  const [confirming, setConfirming] = useState<CompanyFormValues | null>(null);

  const save = async (values: CompanyFormValues) => {
    setProblem(null);
    try {
      await update.mutateAsync({ id: company.id, body: updateBodyOf(values, siteAdmin) });
    } catch (error) {
      showError(error, 'The company was not saved');
      throw error;
    }
    // The header, the side navigation and the page titles read the company once per page: reload them.
    setFlashMessage({ snackbar: { message: `${values.name.trim()} saved.`, type: 'is-success' } });
    window.location.assign(`${ROUTER_BASE}${routePath('company')}`);
  };
  const submit = form.onSubmit((values) => {
    if (values.suspended && !company.suspended) setConfirming(values);
    else void save(values).catch(() => undefined);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit Company">
      <Stack gap="lg" maw={960}>
        <CompanyGeneralFields form={form} />
        <CompanyBrandingFields form={form} withLogo />
        <CompanySessionFields form={form} />
        <CompanyAccessFields form={form} siteAdmin={siteAdmin} />
        <CompanyFormActions label="Save" busy={update.isPending} problem={problem} />
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={`Suspend ${company.name}?`}
        message={
          <Text size="sm">
            Everyone in {company.name} is signed out at once and cannot sign in again, and its notifications stop, until
            the company is reactivated. Site administrators keep their access.
          </Text>
        }
        confirmLabel="Suspend and save"
        danger
        error={problem?.title ?? null}
        onConfirm={() => (confirming ? save(confirming) : undefined)}
        onClose={() => setConfirming(null)}
      />
    </form>
  );
}

function EditLoading() {
  return (
    <Stack gap="lg" maw={960} role="status" aria-busy="true" aria-label="Loading the company">
      {[180, 160, 120, 140].map((height) => (
        <Skeleton key={height} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * Edit Company (`/settings/company`, site admins; spec §2): the settings of the company the console
 * acts on — name, department label, logout URL, time zone, branding, session timeouts, question
 * reports and suspension.
 */
export default function CompanyEditPage() {
  const { company: acting, user } = useConsoleSession();
  const query = useQuery(companyQueryOptions(acting.id));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {acting.name}
          {acting.user_count !== undefined ? ` · ${acting.user_count.toLocaleString()} users` : ''}
        </Text>
      </Group>
      {query.isPending ? (
        <EditLoading />
      ) : query.isError ? (
        <LoadFailed
          title="The company could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <EditForm company={query.data} siteAdmin={user.site_admin} />
      )}
    </Stack>
  );
}

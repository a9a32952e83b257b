import { ROUTER_BASE, routePath } from '@heed/contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { companyStorage } from '../../../lib/company-storage.ts';
import { setFlashMessage } from '../../../lib/flash.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { CompanyBrandingFields } from '../components/company-branding-fields.tsx';
import { CompanyFormActions } from '../components/company-form-actions.tsx';
import { CompanyAccessFields, CompanyGeneralFields, CompanySessionFields } from '../components/company-fields.tsx';
import { CopyFromFields } from '../components/copy-from-fields.tsx';
import { type CopyChoice, createBodyOf, emptyCompanyValues, noCopy } from '../model/company-form-model.ts';
import { useCompanyForm } from '../model/use-company-form.ts';

/**
 * Add New Company (`/settings/company/new`, site admins; spec §2): a client company with its settings,
 * optionally starting from another company's departments, custom fields, templates and rules. Once
 * created, the console switches to it and opens its Edit Company page (to upload and choose a logo).
 */
export default function CompanyNewPage() {
  const { form, problem, setProblem, showError } = useCompanyForm(emptyCompanyValues);
  const [copy, setCopy] = useState<CopyChoice>(noCopy);
  const create = useCreateCompany();

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const company = await create.mutateAsync(createBodyOf(values, copy));
      setFlashMessage({
        snackbar: { message: `${company.name} created. You are now working in it.`, type: 'is-success' },
      });
      // Spec §4: a chosen company is stored as current and last, then the page loads anew.
      companyStorage.choose(company.id);
      window.location.assign(`${ROUTER_BASE}${routePath('company')}`);
    } catch (error) {
      showError(error, 'The company was not created');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Add New Company">
      <Stack gap="lg" maw={960}>
        <CompanyGeneralFields form={form} />
        <CopyFromFields
          value={copy}
          onChange={setCopy}
          error={form.errors['copy_from.company_id'] as string | undefined}
        />
        <CompanyBrandingFields form={form} withLogo={false} />
        <CompanySessionFields form={form} />
        <CompanyAccessFields form={form} siteAdmin />
        <CompanyFormActions label="Create company" busy={create.isPending} problem={problem} />
      </Stack>
    </form>
  );
}

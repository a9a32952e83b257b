import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { type CompanyFormValues, serverFieldErrors, validateCompany } from './company-form-model.ts';
import type { FormProblem } from '../components/company-form-actions.tsx';

/**
 * The company form's state: local checks as the user types (after the first submit), the server's
 * 422 details on the same fields, and what it refused shown above the save button. What was typed
 * is never lost on an error.
 */
export function useCompanyForm(initialValues: CompanyFormValues) {
  const form = useForm<CompanyFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateCompany,
    validateInputOnChange: false,
  });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const showError = (error: unknown, title: string) => {
    if (isApiError(error) && error.details && Object.keys(error.details).length > 0) {
      form.setErrors(serverFieldErrors(error.details));
      setProblem({ title, messages: Object.values(error.details).flat() });
    } else setProblem({ title, messages: [error instanceof Error ? error.message : String(error)] });
  };
  return { form, problem, setProblem, showError };
}

import type { User } from '@heed/contract';
import { useForm } from '@mantine/form';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { checkNewUser } from '../api/check-new-user.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import {
  type FormField,
  type UserFormValues,
  checkBody,
  createBody,
  emptyFormValues,
  formPaths,
  formValuesOf,
  serverErrors,
  updateBody,
  validateUserForm,
} from './user-edit-form-model.ts';

export interface FormProblem {
  title: string;
  messages: string[];
}

export interface UserEditFormOptions {
  /** The user being edited, or null for a new one. */
  user: User | null;
  fields: readonly FormField[];
  departmentRequired: boolean;
  onDirtyChange: (dirty: boolean) => void;
  /** After a successful save, with the saved user. */
  onSaved: (user: User) => void;
}

/** Moves focus to the first field the checks complained about, once the messages are on screen. */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The drawer form's state: values from the user (or empty), the console's own checks as the reader
 * goes, then the server's: its 422 details land on the fields they name, anything else above the
 * form. What was typed is never lost on an error.
 */
export function useUserEditForm(options: UserEditFormOptions) {
  const { user, fields } = options;
  // Read once, when the form opens: a refetch of the user must not overwrite what is being typed.
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: user ? formValuesOf(user, fields) : emptyFormValues(fields),
    validate: (values) => validateUserForm(values, { fields, departmentRequired: options.departmentRequired }),
    validateInputOnBlur: true,
  });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const paths = useMemo(() => formPaths(fields), [fields]);

  const dirty = form.isDirty();
  const { onDirtyChange } = options;
  // Said as the change commits (before the browser can deliver a Back), so the drawer's guard sees it.
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const failed = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.details).length > 0) {
      const { fields: onFields, other } = serverErrors(error.details, paths);
      form.setErrors(onFields);
      setProblem({ title: other.length > 0 ? error.message : 'Some fields need your attention.', messages: other });
      focusFirstError(formRef.current);
      return;
    }
    setProblem({ title: 'The changes could not be saved', messages: [formatApiError(error).message] });
  };

  const saved = (result: User, verb: string) => {
    notify.success(`${result.name} ${verb}.`);
    form.resetDirty(formValuesOf(result, fields));
    options.onSaved(result);
  };

  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      if (!user) {
        create.mutate(createBody(values), { onSuccess: (result) => saved(result, 'added'), onError: failed });
        return;
      }
      const body = updateBody(form.getInitialValues(), values);
      if (Object.keys(body).length === 0) options.onSaved(user);
      else update.mutate({ id: user.id, body }, { onSuccess: (result) => saved(result, 'saved'), onError: failed });
    },
    (clientErrors, values) => {
      focusFirstError(formRef.current);
      if (!user) void addServerErrors(clientErrors, values);
    },
  );

  /**
   * A new user with fields the console complains about: the server is asked about the others at once,
   * so that every field's message shows in this round, not the server's in the next. The console's
   * own message stays where both have one; a failed check adds nothing.
   */
  const addServerErrors = async (clientErrors: Record<string, unknown>, values: UserFormValues) => {
    try {
      await checkNewUser(checkBody(values, clientErrors));
    } catch (error) {
      if (!isApiError(error) || Object.keys(error.details).length === 0) return;
      const { fields: onFields } = serverErrors(error.details, paths);
      // Only the fields the check was asked about, and the console's messages as they are now.
      const asked = Object.fromEntries(Object.entries(onFields).filter(([path]) => !clientErrors[path]));
      form.setErrors((current) => ({ ...asked, ...current }));
    }
  };

  return { form, formRef, submit, problem, isSaving: create.isPending || update.isPending, isDirty: dirty };
}

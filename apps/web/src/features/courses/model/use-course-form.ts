import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import type { SavedCourse } from '../api/course.ts';
import {
  type CourseDraft,
  type FieldKey,
  bodyOf,
  draftOf,
  sameDraft,
  serverErrorKeys,
  validateDraft,
} from './course-draft.ts';

export interface FormProblem {
  title: string;
  messages: string[];
}

/** Moves focus to the first field the checks complained about, once the messages are on screen. */
export function focusFirstError(form: HTMLElement | null) {
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid-focus]')?.focus(),
    ),
  );
}

/**
 * The editor's state: the document as typed, which fields the reader has left (their checks show
 * from then on, and at once for every field after a first Save), and the server's last refusal on the
 * fields it names. Nothing typed is ever replaced by an error.
 */
export function useCourseForm(initial: CourseDraft) {
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<FieldKey, string>>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Fields changed at least once: leaving one that was never changed says nothing yet (a message
  // appearing on blur moves what is below it, under the pointer that was about to click it).
  const edited = useRef(new Set<FieldKey>());

  const clientErrors = useMemo(() => validateDraft(draft), [draft]);
  const dirty = useMemo(() => !sameDraft(draft, baseline), [draft, baseline]);

  /** The message a field shows now, if any. */
  const errorOf = useCallback(
    (key: FieldKey): string | undefined =>
      server[key] ?? (submitted || touched.has(key) ? clientErrors[key] : undefined),
    [server, submitted, touched, clientErrors],
  );

  /** Changes the document; the server's message on the fields changed goes (it spoke of the old value). */
  const update = useCallback((change: (draft: CourseDraft) => CourseDraft, keys: readonly FieldKey[] = []) => {
    setDraft(change);
    for (const key of keys) edited.current.add(key);
    if (keys.length > 0) {
      setServer((current) => {
        if (!keys.some((key) => key in current)) return current;
        const next = { ...current };
        for (const key of keys) delete next[key];
        return next;
      });
    }
  }, []);

  /** The reader left a field they changed (or changed a choice): its check speaks from now on. */
  const touch = useCallback((...keys: FieldKey[]) => {
    const changed = keys.filter((key) => edited.current.has(key));
    setTouched((current) => (changed.every((key) => current.has(key)) ? current : new Set([...current, ...changed])));
  }, []);

  /** Before a save: true when the document passes the console's own checks. */
  const check = (): boolean => {
    setSubmitted(true);
    if (Object.keys(clientErrors).length === 0) return true;
    setProblem({ title: 'Some fields need your attention.', messages: [] });
    focusFirstError(formRef.current);
    return false;
  };

  /** A failed save: 422 details on their fields (wherever they moved since), the rest above the form. */
  const failed = (error: unknown, sent: CourseDraft): FieldKey[] => {
    if (isApiError(error) && Object.keys(error.details).length > 0) {
      const { fields, other } = serverErrorKeys(error.details, sent);
      setServer(fields);
      setProblem({
        title:
          other.length > 0 && Object.keys(fields).length === 0 ? error.message : 'Some fields need your attention.',
        messages: other,
      });
      focusFirstError(formRef.current);
      return Object.keys(fields);
    }
    setProblem({ title: 'The course could not be saved', messages: [formatApiError(error).message] });
    return [];
  };

  /** A save went through: the stored document is the new starting point (with the ids of new topics). */
  const saved = (course: SavedCourse, sent: CourseDraft) => {
    const next = draftOf(course, sent);
    // What was typed while the save was on its way stays; otherwise the server's version (its ids) wins.
    setDraft((current) => (sameDraft(current, sent) ? next : current));
    setBaseline(next);
    setServer({});
    setProblem(null);
    setSubmitted(false);
    setTouched(new Set());
    edited.current.clear();
  };

  return {
    draft,
    dirty,
    formRef,
    problem,
    clientErrors,
    errorOf,
    update,
    touch,
    check,
    failed,
    saved,
    dismissProblem: () => setProblem(null),
    body: () => bodyOf(draft),
  };
}

export type CourseForm = ReturnType<typeof useCourseForm>;

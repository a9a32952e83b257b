import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, invalid } from '../../platform/errors.ts';
import { hit } from '../../platform/throttle.repository.ts';
import { readThrottle } from './taken-answers.repository.ts';

/**
 * Usernames and e-mails are one login namespace across companies, so a write must refuse one held
 * anywhere. The refusal reads the same whoever holds it (a colleague, someone out of the caller's
 * scope, another company), so it says nothing about where (F9).
 */
export const TAKEN_MESSAGES = {
  email: 'This e-mail address cannot be used. Choose another, or ask your administrator.',
  username: 'This username cannot be used. Choose another, or ask your administrator.',
} as const;

/** "Cannot be used" answers a person may get per window: enough for typos, too few to probe a directory. */
export const TAKEN_ANSWER_LIMIT = 20;
const WINDOW_MINUTES = 60;
const THROTTLED = 'Too many usernames or e-mail addresses could not be used. Please try again later.';

/** The person behind the request (the impersonator, if any), who is counted. */
const personOf = (ctx: Pick<RequestContext, 'user' | 'impersonator'>): UserRow | null => ctx.impersonator ?? ctx.user;
const keyOf = (person: UserRow) => `users:taken:${person.id}`;
/** Site admins search every company's users anyway: counting their answers would hide nothing. */
const isCounted = (person: UserRow | null): person is UserRow => person !== null && person.site_admin !== 1;

const throttled = (resetAt: string, now: Date) =>
  new AppError(429, THROTTLED, undefined, {
    'retry-after': String(Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 1000))),
  });

/** True when the errors include a "cannot be used" answer. */
export const hasTakenAnswer = (errors: FieldErrors): boolean =>
  Boolean(errors.email?.includes(TAKEN_MESSAGES.email) || errors.username?.includes(TAKEN_MESSAGES.username));

/**
 * Refuses (429) a write that would check a username or e-mail once the person has had their quota
 * of "cannot be used" answers: every such write is refused, whether the name is held or not, else
 * the difference between 429 and success would answer the question all the same.
 */
export async function assertMayProbeLogins(db: Kysely<Database>, ctx: RequestContext): Promise<void> {
  const person = personOf(ctx);
  if (!isCounted(person)) return;
  const now = ctx.now();
  const counter = await readThrottle(db, keyOf(person));
  if (counter && counter.hits >= TAKEN_ANSWER_LIMIT && Date.parse(counter.resetAt) > now.getTime())
    throw throttled(counter.resetAt, now);
}

/** Counts one "cannot be used" answer (atomically: parallel requests cannot all pass); 429 past the quota. */
export async function countTakenAnswer(db: Kysely<Database>, ctx: RequestContext): Promise<void> {
  const person = personOf(ctx);
  if (!isCounted(person)) return;
  const now = ctx.now();
  const counted = await hit(db, keyOf(person), WINDOW_MINUTES, now);
  if (counted.hits > TAKEN_ANSWER_LIMIT) throw throttled(counted.resetAt, now);
}

/** A unique index refused the name (a check was beaten by a parallel write): counted, then answered alike. */
export async function takenRefusal(
  db: Kysely<Database>,
  ctx: RequestContext,
  field: keyof typeof TAKEN_MESSAGES,
): Promise<AppError> {
  await countTakenAnswer(db, ctx);
  return invalid({ [field]: [TAKEN_MESSAGES[field]] });
}

import {
  COURSE_MESSAGES,
  COURSE_THUMBNAIL_RULE,
  type Course,
  type CourseBody,
  type CourseTopicBody,
  MEDIA_TOPIC_KINDS,
  endpointUrl,
  endpoints,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import { transactionLock, writeTransaction } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import type { CoursesDeps } from './course-categories.service.ts';
import { sanitizeContent } from './course-content.ts';
import { publishCourseVersion } from './course-versions.service.ts';
import {
  type CourseFields,
  type QuestionFields,
  type TopicFields,
  courseTopics,
  deleteQuestions,
  deleteTopics,
  existingCompanyIds,
  findCategory,
  findCompanyAsset,
  mediaByIds,
  insertCourse,
  insertQuestion,
  insertTopic,
  setCourseCompanies,
  topicQuestions,
  updateCourseRow,
  updateQuestion,
  updateTopic,
} from './courses.repository.ts';
import { COURSE_LOCK, loadCourse } from './courses.service.ts';

type Db = Kysely<Database>;

const flag = (value: boolean) => (value ? 1 : 0);

function courseFields(body: CourseBody): CourseFields {
  return {
    category_id: body.category_id,
    name: body.name,
    description: body.description === '' ? null : body.description,
    duration_minutes: body.duration_minutes,
    passing_score: body.passing_score,
    attempts_allowed: body.attempts_allowed,
    recertify_months: body.recertify_months,
    renewal_days: body.renewal_days,
    grace_days: body.grace_days,
    active: flag(body.active),
    all_companies: flag(body.all_companies),
    ...(body.thumbnail_path === undefined ? {} : { thumbnail_path: body.thumbnail_path }),
  };
}

const assetFileUrl = endpointUrl(endpoints.getAssetFile);

/** The asset path a thumbnail names: the `url` of a company asset (`…/companies/assets/file?path=…`), else null. */
export function thumbnailAssetPath(url: string): string | null {
  const [address, query, ...rest] = url.split('?');
  if (address !== assetFileUrl || query === undefined || rest.length > 0) return null;
  const params = new URLSearchParams(query);
  const path = params.get('path');
  return [...params.keys()].length === 1 && path ? path : null;
}

/** A thumbnail is an image asset of the company in scope, within `COURSE_THUMBNAIL_RULE`. */
async function checkThumbnail(db: Db, companyId: number, body: CourseBody, errors: FieldErrors) {
  if (body.thumbnail_path === undefined || body.thumbnail_path === null) return;
  const path = thumbnailAssetPath(body.thumbnail_path);
  const asset = path === null ? undefined : await findCompanyAsset(db, companyId, path);
  if (!asset) errors.thumbnail_path = [COURSE_MESSAGES.thumbnailMissing];
  else if (
    !(COURSE_THUMBNAIL_RULE.mimes as readonly string[]).includes(asset.mime) ||
    asset.size > COURSE_THUMBNAIL_RULE.maxBytes
  )
    errors.thumbnail_path = [COURSE_MESSAGES.thumbnailNotImage];
}

const topicFields = (topic: CourseTopicBody, index: number): TopicFields => ({
  name: topic.name,
  kind: topic.kind,
  content: sanitizeContent(topic.content),
  question_pool: topic.kind === 'questions' ? topic.question_pool : null,
  shuffle: flag(topic.shuffle),
  position: index + 1,
  media_id: playsMedia(topic) ? topic.media_id : null,
});

const playsMedia = (topic: CourseTopicBody) => (MEDIA_TOPIC_KINDS as readonly string[]).includes(topic.kind);

/** Each video, document and SCORM topic names an existing course_media row of its own kind (decision 061). */
async function checkMedia(db: Db, body: CourseBody, errors: FieldErrors) {
  const wanted = body.topics.flatMap((t) => (playsMedia(t) && t.media_id !== null ? [t.media_id] : []));
  const found = new Map((await mediaByIds(db, [...new Set(wanted)])).map((m) => [m.id, m.kind]));
  body.topics.forEach((topic, i) => {
    if (!playsMedia(topic) || topic.media_id === null) return;
    const kind = found.get(topic.media_id);
    if (kind === undefined) errors[`topics.${i}.media_id`] = [COURSE_MESSAGES.mediaMissing];
    else if (kind !== topic.kind) errors[`topics.${i}.media_id`] = [COURSE_MESSAGES.mediaWrongKind(kind, topic.kind)];
  });
}

const questionFields = (question: CourseTopicBody['questions'][number], index: number): QuestionFields => ({
  type: question.type,
  prompt: question.prompt,
  options: JSON.stringify(question.options.map((o) => ({ text: o.text, correct: o.correct, feedback: o.feedback }))),
  // Kept for older readers (decision 058): the first correct option.
  correct_option: Math.max(
    0,
    question.options.findIndex((o) => o.correct),
  ),
  position: index + 1,
});

/** The category, companies, media and thumbnail the body names exist (422 on the field otherwise). */
async function checkReferences(db: Db, companyId: number, body: CourseBody, errors: FieldErrors) {
  if (body.category_id !== null && !(await findCategory(db, body.category_id)))
    errors.category_id = [COURSE_MESSAGES.categoryMissing];
  if (!body.all_companies) {
    const wanted = [...new Set(body.company_ids)];
    const found = await existingCompanyIds(db, wanted);
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) errors.company_ids = [COURSE_MESSAGES.companiesMissing(missing)];
  }
  await checkMedia(db, body, errors);
  await checkThumbnail(db, companyId, body, errors);
}

const companiesOf = (body: CourseBody) => (body.all_companies ? [] : [...new Set(body.company_ids)]);

/** Writes the topics and questions of the body in order (the course's old ones already checked and removed). */
async function writeTopics(db: Db, courseId: number, topics: CourseTopicBody[]) {
  for (const [index, topic] of topics.entries()) {
    const fields = topicFields(topic, index);
    let topicId = topic.id;
    if (topicId === undefined) topicId = await insertTopic(db, courseId, fields);
    else await updateTopic(db, topicId, fields);
    for (const [qIndex, question] of topic.questions.entries()) {
      if (question.id === undefined) await insertQuestion(db, topicId, questionFields(question, qIndex));
      else await updateQuestion(db, question.id, questionFields(question, qIndex));
    }
  }
}

/** POST /courses: a new course from the whole document. */
/** The saved document, published as the course's next version (decision 060) and answered with that number. */
async function publish(trx: Kysely<Database>, ctx: AuthedContext, id: number, now: string): Promise<Course> {
  const saved = (await loadCourse(trx, ctx.companyId, id))!;
  const document = { ...saved, version: saved.version + 1 };
  await publishCourseVersion(trx, id, document, ctx.actorId, now);
  return document;
}

export async function createCourse(deps: CoursesDeps, ctx: AuthedContext, body: CourseBody): Promise<Course> {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    const errors: FieldErrors = {};
    await checkReferences(trx, ctx.companyId, body, errors);
    body.topics.forEach((topic, i) => {
      if (topic.id !== undefined) errors[`topics.${i}.id`] = [COURSE_MESSAGES.unknownTopic];
      topic.questions.forEach((q, j) => {
        if (q.id !== undefined) errors[`topics.${i}.questions.${j}.id`] = [COURSE_MESSAGES.unknownQuestion];
      });
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const now = iso(ctx.now());
    const id = await insertCourse(trx, courseFields(body), now);
    await setCourseCompanies(trx, id, companiesOf(body));
    await writeTopics(trx, id, body.topics);
    const after = await publish(trx, ctx, id, now);
    await audit(trx, ctx, { action: 'course.create', entityType: 'course', entityId: id, companyId: null, after });
    return after;
  });
}

/**
 * The topics and questions the body names must be the course's own (a question its own topic's), each
 * once; those it leaves out are removed. Learners' activity and answers on them stay, and the course
 * versions they were played on keep them (decision 060).
 */
async function planRemovals(db: Db, courseId: number, body: CourseBody, errors: FieldErrors) {
  const topics = await courseTopics(db, courseId);
  const questions = await topicQuestions(
    db,
    topics.map((t) => t.id),
  );
  const topicIds = new Set(topics.map((t) => t.id));
  const questionTopic = new Map(questions.map((q) => [q.id, q.topic_id]));
  const keptTopics = new Set<number>();
  const keptQuestions = new Set<number>();
  body.topics.forEach((topic, i) => {
    if (topic.id !== undefined) {
      if (!topicIds.has(topic.id) || keptTopics.has(topic.id))
        errors[`topics.${i}.id`] = [COURSE_MESSAGES.unknownTopic];
      keptTopics.add(topic.id);
    }
    topic.questions.forEach((q, j) => {
      if (q.id === undefined) return;
      if (topic.id === undefined || questionTopic.get(q.id) !== topic.id || keptQuestions.has(q.id))
        errors[`topics.${i}.questions.${j}.id`] = [COURSE_MESSAGES.unknownQuestion];
      keptQuestions.add(q.id);
    });
  });
  const removedTopics = topics.filter((t) => !keptTopics.has(t.id));
  const removedQuestions = questions.filter((q) => !keptQuestions.has(q.id));
  return {
    topics: removedTopics.map((t) => t.id),
    questions: removedQuestions.filter((q) => keptTopics.has(q.topic_id)).map((q) => q.id),
  };
}

/** PUT /courses/{id}: replaces the course document (see `planRemovals` for what may be left out). */
export async function updateCourse(
  deps: CoursesDeps,
  ctx: AuthedContext,
  id: number,
  body: CourseBody,
): Promise<Course> {
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    await transactionLock(trx, deps.dialect, COURSE_LOCK, id);
    const before = await loadCourse(trx, ctx.companyId, id);
    if (!before) throw notFound(COURSE_MESSAGES.notFound);
    const errors: FieldErrors = {};
    await checkReferences(trx, ctx.companyId, body, errors);
    const removals = await planRemovals(trx, id, body, errors);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const now = iso(ctx.now());
    await updateCourseRow(trx, id, courseFields(body), now);
    await setCourseCompanies(trx, id, companiesOf(body));
    await deleteQuestions(trx, removals.questions);
    await deleteTopics(trx, removals.topics);
    await writeTopics(trx, id, body.topics);
    const after = await publish(trx, ctx, id, now);
    await audit(trx, ctx, {
      action: 'course.update',
      entityType: 'course',
      entityId: id,
      companyId: null,
      before,
      after,
    });
    return after;
  });
}

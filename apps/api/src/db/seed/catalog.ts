import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { COMPLIANCE_COURSES } from './catalog-compliance.ts';
import { FIRST_TOPIC_FEEDBACK } from './catalog-feedback.ts';
import { SCORM_COURSES } from './catalog-media.ts';
import { SAFETY_HEALTH_COURSES } from './catalog-safety-health.ts';
import { SECURITY_HR_COURSES } from './catalog-security-hr.ts';
import type { CatalogCourse, DemoMediaKey } from './catalog-types.ts';
import type { DemoMediaItem } from './demo-media.ts';
import type { Random } from './prng.ts';
import { type IdAllocator, dialectOf, insertMany } from './seed-db.ts';
import { currentCourseVersion } from '../../modules/courses/index.ts';

/**
 * The category tree: name → parent name. The System Root is not a stored category (decision 058): a
 * category whose parent is null sits directly under it.
 */
const CATEGORIES: readonly (readonly [name: string, parent: string | null])[] = [
  ['Compliance', null],
  ['Financial Crime', 'Compliance'],
  ['Security', null],
  ['HR', null],
  ['Safety', null],
  ['Healthcare', null],
];

export const CATALOG: readonly CatalogCourse[] = [
  ...COMPLIANCE_COURSES,
  ...SECURITY_HR_COURSES,
  ...SAFETY_HEALTH_COURSES,
  ...SCORM_COURSES,
];

export interface SeededQuestion {
  id: number;
  correct: number;
  options: number;
}

export type SeededTopicKind = 'text' | 'questions' | 'scorm' | 'document';

export interface SeededTopic {
  id: number;
  kind: SeededTopicKind;
  questions: SeededQuestion[];
  /** SCORM topics: the package's version. */
  scormVersion: '1.2' | '2004' | null;
}

export interface SeededCourse {
  id: number;
  name: string;
  passingScore: number;
  recertifyMonths: number | null;
  topics: SeededTopic[];
  /** The course_versions row of version 1, once published (demo-versions.ts). */
  versionId: number;
}

/**
 * Writes the category tree, courses, topics and questions (answer order shuffled by the PRNG, each
 * option with its feedback when the catalog gives one); media topics play the demo media by key,
 * and are left out when it was not stored (the large data generator stores none).
 */
export async function seedCatalog(
  db: Kysely<Database>,
  ids: IdAllocator,
  random: Random,
  stamp: string,
  media: ReadonlyMap<DemoMediaKey, DemoMediaItem> = new Map(),
) {
  const categoryIds = new Map<string, number>();
  const categories = CATEGORIES.map(([name, parent]) => {
    const id = ids.next('course_categories');
    categoryIds.set(name, id);
    return { id, name, parent_id: parent === null ? null : categoryIds.get(parent)!, created_at: stamp };
  });
  await insertMany(db, 'course_categories', categories);

  const courses: SeededCourse[] = [];
  const topicRows: Insertable<Database['topics']>[] = [];
  const questionRows: Insertable<Database['questions']>[] = [];
  const courseRows = CATALOG.map((course) => {
    const seeded: SeededCourse = {
      id: ids.next('courses'),
      name: course.name,
      passingScore: course.passingScore,
      recertifyMonths: course.recertifyMonths,
      topics: [],
      versionId: 0,
    };
    courses.push(seeded);
    for (const topic of course.topics) {
      const played = topic.media === undefined ? undefined : media.get(topic.media);
      if (topic.media !== undefined && !played) continue;
      const topicId = ids.next('topics');
      const kind: SeededTopicKind = played ? played.kind : topic.questions.length > 0 ? 'questions' : 'text';
      const questions: SeededQuestion[] = [];
      const first = kind === 'questions' && !seeded.topics.some((t) => t.kind === 'questions');
      const feedback = topic.feedback ?? (first ? FIRST_TOPIC_FEEDBACK[course.name] : undefined);
      topicRows.push({
        id: topicId,
        course_id: seeded.id,
        name: topic.name,
        content: played ? null : topic.content,
        position: seeded.topics.length + 1,
        kind,
        media_id: played?.id ?? null,
      });
      topic.questions.forEach(([prompt, correct, ...wrong], questionIndex) => {
        const options = random.sample([correct, ...wrong], wrong.length + 1);
        const question = { id: ids.next('questions'), correct: options.indexOf(correct), options: options.length };
        const [right, otherwise] = feedback?.[questionIndex] ?? [null, null];
        questions.push(question);
        questionRows.push({
          id: question.id,
          topic_id: topicId,
          prompt,
          options: JSON.stringify(
            options.map((text) => ({
              text,
              correct: text === correct,
              feedback: text === correct ? right : otherwise,
            })),
          ),
          correct_option: question.correct,
          type: 'single',
          position: questionIndex + 1,
        });
      });
      seeded.topics.push({ id: topicId, kind, questions, scormVersion: played?.scormVersion ?? null });
    }
    return {
      id: seeded.id,
      category_id: categoryIds.get(course.category)!,
      name: course.name,
      description: course.description,
      duration_minutes: course.durationMinutes,
      passing_score: course.passingScore,
      recertify_months: course.recertifyMonths,
      active: 1,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await insertMany(db, 'courses', courseRows);
  await insertMany(db, 'topics', topicRows);
  await insertMany(db, 'questions', questionRows);
  return courses;
}

/**
 * Publishes every course's live document as its version 1, the way the player does for a course
 * written without the API (modules/courses: the document exactly as GET /courses/{id} returns it), so
 * the demo's attempts and completions can name the version they played.
 */
export async function publishCatalogVersions(
  db: Kysely<Database>,
  courses: readonly SeededCourse[],
  companyId: number,
  stamp: string,
): Promise<void> {
  const dialect = dialectOf(db);
  for (const course of courses) {
    const version = await currentCourseVersion(db, dialect, course.id, companyId, stamp);
    if (!version) throw new Error(`The demo course ${course.name} has no document`);
    course.versionId = version.id;
  }
}

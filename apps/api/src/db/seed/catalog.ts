import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { COMPLIANCE_COURSES } from './catalog-compliance.ts';
import { SAFETY_HEALTH_COURSES } from './catalog-safety-health.ts';
import { SECURITY_HR_COURSES } from './catalog-security-hr.ts';
import type { CatalogCourse } from './catalog-types.ts';
import type { Random } from './prng.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

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
];

export interface SeededQuestion {
  id: number;
  correct: number;
  options: number;
}

export interface SeededCourse {
  id: number;
  name: string;
  passingScore: number;
  recertifyMonths: number | null;
  topics: { id: number; questions: SeededQuestion[] }[];
}

/** Writes the category tree, courses, topics and questions (answer order shuffled by the PRNG). */
export async function seedCatalog(db: Kysely<Database>, ids: IdAllocator, random: Random, stamp: string) {
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
    };
    courses.push(seeded);
    course.topics.forEach((topic, topicIndex) => {
      const topicId = ids.next('topics');
      const questions: SeededQuestion[] = [];
      topicRows.push({
        id: topicId,
        course_id: seeded.id,
        name: topic.name,
        content: topic.content,
        position: topicIndex + 1,
        kind: topic.questions.length > 0 ? 'questions' : 'text',
      });
      topic.questions.forEach(([prompt, correct, ...wrong], questionIndex) => {
        const options = random.sample([correct, ...wrong], wrong.length + 1);
        const question = { id: ids.next('questions'), correct: options.indexOf(correct), options: options.length };
        questions.push(question);
        questionRows.push({
          id: question.id,
          topic_id: topicId,
          prompt,
          options: JSON.stringify(options.map((text) => ({ text, correct: text === correct, feedback: null }))),
          correct_option: question.correct,
          type: 'single',
          position: questionIndex + 1,
        });
      });
      seeded.topics.push({ id: topicId, questions });
    });
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

import {
  type CategoryTreeNode,
  type Course,
  type CourseCategory,
  type CourseListItem,
  type CourseQuestion,
  type CourseTopic,
  QUESTION_TYPES,
  type QuestionOption,
  type QuestionType,
  MEDIA_KINDS,
  type MediaKind,
  ROOT_CATEGORY_NAME,
  SCORM_VERSIONS,
  type ScormVersion,
  TOPIC_KINDS,
  type TopicKind,
  type TopicMedia,
  mediaContentUrl,
} from '@heed/contract';
import type { CourseListRow } from './courses-list.repository.ts';
import type { CategoryRow, QuestionRow, TopicMediaRow, TopicRow } from './courses.repository.ts';

export function toCourseListItem(row: CourseListRow): CourseListItem {
  return {
    id: row.id,
    name: row.name,
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    description: row.description,
    duration_minutes: row.duration_minutes,
    passing_score: row.passing_score,
    attempts_allowed: row.attempts_allowed,
    recertify_months: row.recertify_months,
    renewal_days: row.renewal_days,
    grace_days: row.grace_days,
    active: row.active === 1,
    all_companies: row.all_companies === 1,
    companies: Number(row.companies),
    topics_count: Number(row.topics_count),
    learners: Number(row.learners),
    thumbnail_path: row.thumbnail_path,
    version: row.current_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The stored options (decision 058): `[{text, correct, feedback}]`; a list of texts (written before
 * migration 021 by something that did not know the new shape) is read with `correct_option`.
 */
export function parseOptions(stored: string, correctOption: number): QuestionOption[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((option: unknown, index) => {
    if (typeof option === 'string') return { text: option, correct: index === correctOption, feedback: null };
    const o = (option ?? {}) as Record<string, unknown>;
    return {
      text: typeof o.text === 'string' ? o.text : '',
      correct: o.correct === true,
      feedback: typeof o.feedback === 'string' ? o.feedback : null,
    };
  });
}

const questionType = (type: string): QuestionType =>
  (QUESTION_TYPES as readonly string[]).includes(type) ? (type as QuestionType) : 'single';
const topicKind = (kind: string): TopicKind =>
  (TOPIC_KINDS as readonly string[]).includes(kind) ? (kind as TopicKind) : 'text';

export function toQuestion(row: QuestionRow): CourseQuestion {
  return {
    id: row.id,
    type: questionType(row.type),
    prompt: row.prompt,
    options: parseOptions(row.options, row.correct_option),
    position: row.position,
  };
}

/** A topic's media as its document shows it (decision 061). */
export function toTopicMedia(row: TopicMediaRow): TopicMedia {
  return {
    id: row.id,
    kind: (MEDIA_KINDS as readonly string[]).includes(row.kind) ? (row.kind as MediaKind) : 'video',
    original_name: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    scorm_version: (SCORM_VERSIONS as readonly string[]).includes(row.scorm_version ?? '')
      ? (row.scorm_version as ScormVersion)
      : null,
    title: row.title,
    content_url: mediaContentUrl(row),
  };
}

export function toCourse(
  row: CourseListRow,
  companyIds: number[],
  topics: TopicRow[],
  questions: QuestionRow[],
  media: TopicMediaRow[] = [],
): Course {
  const mediaById = new Map(media.map((m) => [m.id, toTopicMedia(m)]));
  const byTopic = new Map<number, CourseQuestion[]>();
  for (const q of questions) byTopic.set(q.topic_id, [...(byTopic.get(q.topic_id) ?? []), toQuestion(q)]);
  const courseTopics: CourseTopic[] = topics.map((t) => ({
    id: t.id,
    name: t.name,
    kind: topicKind(t.kind),
    content: t.content,
    question_pool: t.question_pool,
    shuffle: t.shuffle === 1,
    position: t.position,
    questions: byTopic.get(t.id) ?? [],
    media_id: t.media_id,
    media: t.media_id === null ? null : (mediaById.get(t.media_id) ?? null),
  }));
  return { ...toCourseListItem(row), company_ids: row.all_companies === 1 ? [] : companyIds, topics: courseTopics };
}

export function toCategory(row: CategoryRow): CourseCategory {
  return { id: row.id, name: row.name, parent_id: row.parent_id, created_at: row.created_at };
}

const node = (id: number, name: string, parentId: number | null, category: boolean): CategoryTreeNode => ({
  id,
  name,
  label: name,
  display_name: name,
  parent_id: parentId,
  category,
  children: [],
});

/**
 * The category tree under the virtual System Root (id 0), each level by name; courses, when given,
 * as leaves after their category's sub-categories (a course without a category under the root).
 * A category whose parent is missing hangs under the root rather than vanishing.
 */
export function toCategoryTree(
  categories: CategoryRow[],
  courses: { id: number; name: string; category_id: number | null }[] = [],
): CategoryTreeNode {
  const root = node(0, ROOT_CATEGORY_NAME, null, true);
  const nodes = new Map<number, CategoryTreeNode>();
  for (const c of categories) nodes.set(c.id, node(c.id, c.name, c.parent_id ?? 0, true));
  for (const c of categories) {
    const parent = (c.parent_id !== null && nodes.get(c.parent_id)) || root;
    const child = nodes.get(c.id)!;
    child.parent_id = parent.id;
    parent.children.push(child);
  }
  for (const course of courses) {
    const parent = (course.category_id !== null && nodes.get(course.category_id)) || root;
    parent.children.push(node(course.id, course.name, parent.id, false));
  }
  return root;
}

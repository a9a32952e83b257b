import { MEDIA_TOPIC_KINDS, TOPIC_KINDS } from '@heed/contract';

/** What each topic kind is called in the console; a kind the contract adds later reads as its own name. */
const KIND_LABELS: Record<string, string> = {
  text: 'Text',
  questions: 'Questions',
  video: 'Video',
  document: 'Policy document',
  scorm: 'SCORM package',
};

export const topicKindLabel = (kind: string): string =>
  KIND_LABELS[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/** The kinds the contract knows, in its order, as filter and menu options. */
export const TOPIC_KIND_OPTIONS = TOPIC_KINDS.map((kind) => ({ value: kind as string, label: topicKindLabel(kind) }));

/** Kinds whose topic plays an uploaded file (video, policy document, SCORM package). */
export const isMediaKind = (kind: string): kind is (typeof MEDIA_TOPIC_KINDS)[number] =>
  (MEDIA_TOPIC_KINDS as readonly string[]).includes(kind);

// No zod here: the learner's pages import these without the schemas.

/** An attempt's status: in progress until every topic is complete, then passed or failed by its score. */
export const ATTEMPT_STATUSES = ['in_progress', 'passed', 'failed'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** A topic's status in the player: the topics open one after another, in order. */
export const PLAYER_TOPIC_STATUSES = ['locked', 'available', 'completed'] as const;
export type PlayerTopicStatus = (typeof PLAYER_TOPIC_STATUSES)[number];

/** The kinds of topic the player plays (the course catalog's TOPIC_KINDS, with media kinds). */
export const PLAYER_TOPIC_KINDS = ['text', 'questions', 'video', 'document', 'scorm'] as const;
export type PlayerTopicKind = (typeof PLAYER_TOPIC_KINDS)[number];

/** A video topic completes once watched to at least this share of its duration. */
export const VIDEO_WATCHED_SHARE = 0.95;

/** A completed recertification can be taken again from this many days before it expires. */
export const RECERTIFY_WINDOW_DAYS = 30;

/** Course activity events (course_activity.event). */
export const ACTIVITY_EVENTS = [
  'launched',
  'progressed',
  'acknowledged',
  'answered',
  'completed',
  'failed',
  'certificate_issued',
] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

export const PLAYER_MESSAGES = {
  notFound: 'Assignment not found.',
  attemptNotFound: 'Attempt not found.',
  topicNotFound: 'This topic is not part of the attempt.',
  questionNotFound: 'This question is not part of the attempt.',
  noAttemptsLeft: 'No attempts left.',
  courseInactive: 'This course is no longer offered. Ask your administrator if you still need it.',
  alreadyCompleted: 'This course is completed; it can be taken again when its recertification is due.',
  locked: 'Finish the earlier topics first.',
  attemptFinished: 'This attempt is finished. Start a new one.',
  notYourKind: (kind: string) => `A ${kind} topic is completed by answering or playing it, not by this call.`,
  watchToTheEnd: 'Watch the video to the end first.',
  acknowledge: 'Confirm that you have read the document.',
  notScorm: 'This topic is not a SCORM package.',
  choiceOutOfRange: 'Choose one of the options.',
  oneChoice: 'Choose exactly one option.',
  cmiTooLarge: 'The SCORM data is too large.',
} as const;

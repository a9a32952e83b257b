import type { PlayerTopic } from '@heed/contract';

/** The learner as a SCORM package sees them (cmi.learner_id / learner_name). */
export interface ScormLearner {
  id: string;
  name: string;
}

/** What every topic view gets from the player. */
export interface TopicProps {
  topic: PlayerTopic;
  assignmentId: number;
  attemptId: number;
  /** Opens the next topic, or the result once the attempt is finished. */
  onNext: () => void;
  /** "Next topic" or "See your result". */
  nextLabel: string;
  learner?: ScormLearner;
}

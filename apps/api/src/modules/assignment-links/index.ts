// Assignment links (issue 16 item 7, decision 083): the signed, expiring, revocable tokens behind
// Assignment Details. A module of its own so that the assignments (which answer the links) and the
// notifications (which put them in messages) both use it without importing each other.
export {
  assignmentDetailsUrl,
  assignmentLinkUrls,
  issueAssignmentLink,
  publicAssignmentUrl,
  verifiedLinkId,
} from './assignment-links.ts';
export { findAssignmentInReach, findLinkedAssignment, revokeLinksOf } from './assignment-links.repository.ts';

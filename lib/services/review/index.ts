// Review: a film's comments, drawings, replies, live events, versions' approval and the review mail.
// The domain's entry: code outside lib/services/review/ imports this module or rules/, nothing else.
export { decide, galleryReview, guestApproval, updateReviewSettings } from "./approvals";
export {
  commentMarkers,
  deleteComment,
  guestComment,
  guestComments,
  guestDeleteComment,
  guestReviewStream,
  guestUpdateComment,
  studioComment,
  studioComments,
  studioReviewStream,
  updateComment,
} from "./comments";
export { pruneReviewEvents } from "./review-events";
export { sendReviewDigests } from "./review-mail";
export { filmClosedByReview } from "./review-state";

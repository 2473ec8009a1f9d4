// Access: who is acting and what a viewer may see. Studio accounts, sign-up, sessions, password
// reset and the super admin's "Login as"; a gallery's locks (password, download PIN, expiry, invited
// guests only), the one gate that decides what a viewer sees of a gallery now, and the one way a
// viewer's request opens a gallery or a film. Its pure rules are in rules/.
// The domain's entry: code outside lib/services/access/ imports this module or rules/, nothing else.
export { requestAccess } from "./access-request";
export { adminDetails, authenticate, mayAct } from "./accounts";
export { openDownloadPin } from "./download-pin-seal";
export { downloadPinNeeded, getGalleryAccess, giveDownloadPin, unlockGallery, updateGalleryAccess } from "./gallery-locks";
export { NO_CREDENTIALS, downloadRefusal, downloadVerdict, findGuest, gateSubject, pageGate, paymentRefusal, reviewRefusal, viewerCredentials } from "./gate";
export type { GateDecision, GateSubject, GuestGrant, ViewerCredentials } from "./gate";
export { consumeImpersonation, endImpersonation, issueImpersonation } from "./impersonation";
export { findGallery, openFilm, openGallery } from "./open-gallery";
export { completePasswordReset, requestPasswordReset, resetLinkUsable } from "./password-reset";
export { register } from "./registration";
export { endSession, renewSession, sessionActor, startSession } from "./sessions";

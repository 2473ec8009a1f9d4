// What any page or door may say: not found, the general refusals of the API, a part that is
// briefly down, a failed save, and the confirmations before a delete.
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.

export const commonTexts = {
  notFound: "404 - Page Not Found",
  databaseUnavailable: "Vidfolio is briefly unavailable. Please try again in a moment.",
  storageUnavailable: "File storage is briefly unavailable. Please try again in a moment.",
  settingSaveFailed: "The setting could not be saved. Please try again.",
  // Confirmations
  confirmDelete: {
    video: "Are you sure you want to delete this video?",
    chapter: "Are you sure you want to delete this chapter?",
    gallery: "Are you sure you want to delete this gallery?",
    folder: "Are you sure you want to delete this Folder?",
    row: "Are you sure you want to delete this row?",
  },
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request.",
  updateFailed: "Update failed.",
  // The API's general answers
  unauthorized: "Please sign in to continue.",
  forbidden: "You do not have permission to do that.",
  notFoundApi: "Not found.",
  badRequest: "The request is not valid.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  unstorableText: "The request contains characters that cannot be stored (a NUL byte or a broken Unicode sequence).",
  crossSiteRefused: "This request came from another site and was refused.",
  partUnavailable: "A part Vidfolio needs is unavailable (see checks).",
  bodyTooLarge: "The request is too large.",
} as const;

// @vidfolio/sdk: a typed client for the Vidfolio API (packages/sdk/README.md).
export { createVidfolio, type Vidfolio, type VidfolioOptions } from "./client.js";
export { VidfolioError, type ErrorCode } from "./errors.js";
export { paginate, pages, type PaginateOptions } from "./paginate.js";
export { SIMPLE_MAX_BYTES, type UploadFilmOptions, type UploadProgress, type UploadedFilm } from "./upload.js";
export { verifyWebhook, WebhookSignatureError, SIGNATURE_HEADER, type VerifyOptions, type WebhookEvent, type WebhookEventType, type WebhookFailure } from "./webhooks.js";
export type { paths, webhooks, components, operations } from "./schema.js";

// The stable codes every error answer carries beside its message: `{ code, message }`. Clients
// switch on the code, never on the words (the words may change; the codes do not). Each code has
// one HTTP status. docs/api.md ("Errors") says what each means; tests/unit/error-codes.test.ts
// keeps that list and this table in step. No imports: the proxy and the browser read it too.

/** One code per status: what an answer says when no more specific code applies. */
const GENERAL = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
} as const;

/** Cases a client must tell apart from others of their status. */
const SPECIFIC = {
  invalid_credentials: 401,
  account_under_review: 403,
  gallery_locked: 401,
  gallery_expired: 403,
  wrong_password: 403,
  downloads_off: 403,
  pin_required: 401,
  wrong_pin: 403,
  under_review: 403,
  payment_required: 402,
  gallery_paid: 409,
  payouts_not_ready: 409,
  review_closed: 409,
  version_changed: 409,
  current_version: 409,
  invite_required: 403,
  invite_invalid: 403,
  not_enough_credits: 409,
  upload_state_conflict: 409,
  upload_expired: 409,
  upload_file_mismatch: 409,
  email_taken: 409,
  custom_url_taken: 409,
  domain_taken: 409,
  idempotency_key_reused: 409,
  payments_not_configured: 409,
  export_running: 409,
  scope: 403,
} as const;

/** Every code, with its status. */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = { ...GENERAL, ...SPECIFIC };
export type ErrorCode = keyof typeof GENERAL | SpecificErrorCode;
export type SpecificErrorCode = keyof typeof SPECIFIC;

const BY_STATUS = new Map(Object.entries(GENERAL).map(([code, status]) => [status as number, code as keyof typeof GENERAL]));

/** The general code of an error status (an answer made without a more specific one). */
export function codeForStatus(status: number): keyof typeof GENERAL {
  return BY_STATUS.get(status) ?? (status >= 500 ? "internal" : "validation");
}

/** The body of every error answer. */
export function errorBody(code: ErrorCode, message: string): { code: ErrorCode; message: string } {
  return { code, message };
}

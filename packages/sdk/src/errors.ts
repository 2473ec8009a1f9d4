// The one error the client throws for an answer that is not a success: the app's `{ code, message }`
// with the HTTP status. Switch on `code` (stable, listed in the document); `message` is for people.
import { retryAfterSeconds } from "./retry.js";
import type { components } from "./schema.js";

/** Every code the API answers with (the document's Error schema). */
export type ErrorCode = components["schemas"]["Error"]["code"];

export class VidfolioError extends Error {
  override readonly name = "VidfolioError";
  constructor(
    readonly status: number,
    /** The app's code; `http_<status>` when the answer carried none (e.g. a proxy's page). */
    readonly code: ErrorCode | `http_${number}`,
    message: string,
    /** The `Retry-After` of a 429 or 503 the retries did not outlast, in seconds. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }

  /** The error for a failed answer; reads a copy of the body, so the answer stays readable. */
  static async from(response: Response): Promise<VidfolioError> {
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: unknown; message?: unknown };
    const code = typeof body.code === "string" ? (body.code as ErrorCode) : (`http_${response.status}` as const);
    const message = typeof body.message === "string" ? body.message : `${response.status} ${response.statusText}`.trim();
    return new VidfolioError(response.status, code, message, retryAfterSeconds(response.headers.get("retry-after"), Date.now()) ?? undefined);
  }
}

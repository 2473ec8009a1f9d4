// What an id is: a UUID as Postgres writes it (8-4-4-4-12 hex digits). One definition for the
// doors' schemas (lib/validation/common.ts), the guards of callers that are not doors (a token's
// claims), the storage key layout and the browser's links. Postgres' uuid type reads every string
// this accepts, so a malformed id can never reach a query as a 500. No imports: browsers load it.

/** The pattern, without anchors, for building key patterns (lower-case, as the ids are written). */
export const ID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const ID = new RegExp(`^${ID_PATTERN}$`, "i");

/** Whether a value is a well-formed id. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

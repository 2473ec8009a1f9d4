// Every answer a door may give, derived from its declaration (lib/contract/door.ts) the way `route()`
// (lib/http/index.ts) and the layers around it really answer: its success status(es), and each error
// status with the codes it may carry. The OpenAPI document (lib/contract/openapi.ts) lists them; in
// tests `route()` refuses any real answer whose status or code is not among them, so the
// declaration cannot promise less than the door does. Pure: types and the code table only.
import { ERROR_STATUS, type ErrorCode } from "@/lib/error-codes";
import { isRawAnswer, type DoorSpec } from "@/lib/contract/door";

type DeclaredAnswers = {
  /** Each success status with what it means. */
  success: Record<number, string>;
  /** Each error status with the codes it may carry (in the code table's order). */
  errors: Record<number, ErrorCode[]>;
};

const created = (d: DoorSpec): string => (d.status === 201 ? "Created" : d.status === 202 ? "Accepted" : "OK");

function successOf(d: DoorSpec): Record<number, string> {
  const a = d.answer;
  if (!isRawAnswer(a)) {
    const success: Record<number, string> = { [d.status ?? 200]: created(d) };
    if (d.existing) success[200] = d.existing;
    return success;
  }
  if (a.kind === "redirect") return { 302: a.description };
  if (a.kind === "empty") return { 204: a.description };
  return { 200: a.description };
}

/**
 * The error codes a door may answer: those its declaration implies, and those it names (`errors`).
 * - `validation` (400): it takes a query or a body.
 * - `unauthorized` (401): any door but a public one.
 * - `forbidden` (403): a door for one role (the other gets it), or a signed-in door that writes (a
 *   cookie's mutation from another site).
 * - `scope` (403): a door a studio's API key reaches (`actor`, `studio`): a key lacking the door's
 *   scope, or any key on a door it never opens (`scope: none`). A key on a super-admin door is the
 *   role's `forbidden`.
 * - `rate_limited` (429): any signed-in door, since every use of an API key counts against its limit
 *   before the door is known; and a public door that names it (its own limiter).
 * - `not_found` (404): a path with values (a malformed or unknown one), or a signed-in door.
 * - `payload_too_large` (413): a door that takes a body (the proxy refuses one over its limit).
 * - `internal` (500) and `unavailable` (503, the database or storage down): every door.
 */
function errorCodes(d: DoorSpec): Set<ErrorCode> {
  const signedIn = d.who !== "public";
  const codes = new Set<ErrorCode>(d.errors ?? []);
  if (d.query || d.body) codes.add("validation");
  if (signedIn) codes.add("unauthorized");
  if (d.who === "studio" || d.who === "superadmin" || (signedIn && d.method !== "GET")) codes.add("forbidden");
  if (d.who === "studio" || d.who === "actor") codes.add("scope");
  if (signedIn) codes.add("rate_limited");
  if (d.params || signedIn) codes.add("not_found");
  if (d.body) codes.add("payload_too_large");
  codes.add("internal");
  codes.add("unavailable");
  return codes;
}

/** Every answer the door may give (see errorCodes for the rules of its errors). */
export function declaredAnswers(d: DoorSpec): DeclaredAnswers {
  const codes = errorCodes(d);
  const errors: Record<number, ErrorCode[]> = {};
  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
    if (codes.has(code)) (errors[ERROR_STATUS[code]] ??= []).push(code);
  }
  return { success: successOf(d), errors };
}

/**
 * Why a real answer is not one the door declares (its status, or an error's `code`), or null when it
 * is. `code` is the error body's code (undefined for a success, or an error body without one).
 */
export function undeclaredAnswer(d: DoorSpec, status: number, code: unknown): string | null {
  const { success, errors } = declaredAnswers(d);
  if (status < 400) return status in success ? null : `it answered ${status}, and declares only ${Object.keys(success).join(", ")} on success`;
  const listed = errors[status];
  if (!listed) return `it answered ${status} (\`${String(code)}\`), a status it does not declare`;
  if (!listed.includes(code as ErrorCode)) return `it answered ${status} \`${String(code)}\`, and declares only ${listed.map((c) => `\`${c}\``).join(", ")} for ${status}`;
  return null;
}

// One error type for the business layer and one mapping to HTTP: a stable code (lib/error-codes.ts)
// decides the status, and travels on the wire beside the message.
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import { ERROR_STATUS, type ErrorCode, type SpecificErrorCode } from "@/lib/error-codes";

/** The kinds of failure, each one status; on the wire as their lower-case code (`NOT_FOUND` → `not_found`). */
export type ErrorKind = "VALIDATION" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "RATE_LIMITED" | "UPSTREAM" | "UNAVAILABLE";

/** Socket-level failures: the other side is down or unreachable (Node and undici codes). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);
/** Prisma: can't reach, timed out, pool exhausted, connection closed (and, by its words, P2028 when no connection came in time). */
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** PostgreSQL: shutting down, starting up, too many connections, connection exceptions. */
const PG_UNAVAILABLE = /^(57P0[1-3]|53300|08\d{3})$/;
const CONNECTION_WORDS =
  /can't reach database|unable to start a transaction in the given time|connection (terminated|closed|refused|reset)|terminating connection|ECONNREFUSED|ECONNRESET|connect ETIMEDOUT|server closed the connection|timeout exceeded when trying to connect|database system is (shutting down|starting up)/i;

/**
 * Which service an error says is down — the database or the object store — or null when the error
 * is not about reaching a service. Follows `cause` chains (drivers wrap the socket error).
 */
export function unavailableService(error: unknown): "database" | "storage" | null {
  let sawDriver = false;
  for (let e = error as Record<string, unknown> | null | undefined, depth = 0; e && typeof e === "object" && depth < 5; e = e.cause as Record<string, unknown>, depth++) {
    const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
    const name = typeof e.name === "string" ? e.name : "";
    const isPrisma = name.startsWith("PrismaClient") || name === "DriverAdapterError";
    sawDriver ||= isPrisma;
    if (isPrisma && (PRISMA_UNAVAILABLE.has(code) || CONNECTION_WORDS.test(String(e.message ?? "")))) return "database";
    if (PG_UNAVAILABLE.test(code)) return "database";
    // pg-pool: no connection could be had in time (database stalled, or every connection busy).
    if (/^timeout exceeded when trying to connect$/i.test(String(e.message ?? ""))) return "database";
    // The AWS SDK keeps the socket error's code (or wraps it, naming it in the message) and adds
    // $metadata (the attempts made).
    const socketWords = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)\b|socket hang up/.test(String(e.message ?? ""));
    if ("$metadata" in e && (NETWORK_CODES.has(code) || socketWords || name === "TimeoutError")) return "storage";
    if (NETWORK_CODES.has(code) && sawDriver) return "database";
  }
  return null;
}

export class AppError extends Error {
  /** The stable code the answer carries (lib/error-codes.ts). */
  public readonly code: ErrorCode;
  /**
   * `what`: the kind of failure, or a specific code where a client must tell this case apart from
   * others of its status (`not_enough_credits`, `gallery_locked` …).
   */
  constructor(what: ErrorKind | SpecificErrorCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = what.toLowerCase() as Lowercase<typeof what>;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A unique index refused the write (Prisma's P2002). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === "P2002";

export const notFound = () => new AppError("NOT_FOUND", TEXTS.notFoundApi);
export const forbidden = () => new AppError("FORBIDDEN", TEXTS.forbidden);
export const unauthorized = () => new AppError("UNAUTHORIZED", TEXTS.unauthorized);

type HttpError = { status: number; code: ErrorCode; message: string };
const answer = (code: ErrorCode, message: string): HttpError => ({ status: ERROR_STATUS[code], code, message });

/** Maps any thrown value to a status, its code and a message fit to show. Unknown errors are logged (once: here), with their cause. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof AppError) return answer(error.code, error.message);
  const code = (error as { code?: unknown } | null)?.code;
  const down = unavailableService(error);
  if (down) {
    log().warn({ service: down, reason: (error as Error)?.message?.split("\n").at(-1) }, `${down} unavailable`);
    return answer("unavailable", down === "database" ? TEXTS.databaseUnavailable : TEXTS.storageUnavailable);
  }
  if (isUniqueViolation(error)) return answer("conflict", "That value is already taken.");
  if (code === "P2025") return answer("not_found", TEXTS.notFoundApi);
  log().error({ err: error }, "unexpected error");
  return answer("internal", TEXTS.serverError);
}

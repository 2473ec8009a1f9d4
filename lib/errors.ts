// One error type for the business layer and one mapping to HTTP.
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";

export type ErrorCode = "VALIDATION" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "UPSTREAM" | "UNAVAILABLE";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UPSTREAM: 502,
  UNAVAILABLE: 503,
};

/** Socket-level failures: the other side is down or unreachable (Node and undici codes). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);
/** Prisma: can't reach, timed out, pool exhausted, connection closed (and, by its words, P2028 when no connection came in time). */
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** PostgreSQL: shutting down, starting up, too many connections, connection exceptions. */
const PG_UNAVAILABLE = /^(57P0[1-3]|53300|08\d{3})$/;
const CONNECTION_WORDS = /can't reach database|unable to start a transaction in the given time|connection (terminated|closed|refused|reset)|terminating connection|ECONNREFUSED|ECONNRESET|connect ETIMEDOUT|server closed the connection|timeout exceeded when trying to connect|database system is (shutting down|starting up)/i;

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
  constructor(
    public readonly code: ErrorCode,
    message: string,
    /** Fields sent beside the message (the gallery gate's `reason`). */
    public readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** A unique index refused the write (Prisma's P2002). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === "P2002";

export const notFound = () => new AppError("NOT_FOUND", TEXTS.notFoundApi);
export const forbidden = () => new AppError("FORBIDDEN", TEXTS.forbidden);
export const unauthorized = () => new AppError("UNAUTHORIZED", TEXTS.unauthorized);

/** Maps any thrown value to a status and a message fit to show. Unknown errors are logged (once: here), with their cause. */
export function toHttpError(error: unknown): { status: number; message: string; details?: Record<string, string> } {
  if (error instanceof AppError) return { status: error.status, message: error.message, details: error.details };
  const code = (error as { code?: unknown } | null)?.code;
  const down = unavailableService(error);
  if (down) {
    log().warn({ service: down, reason: (error as Error)?.message?.split("\n").at(-1) }, `${down} unavailable`);
    return { status: 503, message: down === "database" ? TEXTS.databaseUnavailable : TEXTS.storageUnavailable };
  }
  if (isUniqueViolation(error)) return { status: 409, message: "That value is already taken." };
  if (code === "P2025") return { status: 404, message: TEXTS.notFoundApi };
  log().error({ err: error }, "unexpected error");
  return { status: 500, message: TEXTS.serverError };
}

// One error type for the business layer and one mapping to HTTP.
import { TEXTS } from "@/lib/texts";

export type ErrorCode = "VALIDATION" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "UPSTREAM";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UPSTREAM: 502,
};

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
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

/** Maps any thrown value to a status and a message fit to show. Unknown errors are logged. */
export function toHttpError(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  const code = (error as { code?: unknown } | null)?.code;
  if (isUniqueViolation(error)) return { status: 409, message: "That value is already taken." };
  if (code === "P2025") return { status: 404, message: TEXTS.notFoundApi };
  console.error("[vidfolio] unexpected error", error);
  return { status: 500, message: TEXTS.serverError };
}

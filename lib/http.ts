// Thin doors: every route handler parses, authorizes, calls a service and shapes the answer
// through these wrappers, so none can forget the error mapping or the acting account.
import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError, toHttpError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { requireActor, requireStudio, requireSuperadmin, type Actor } from "@/lib/auth/actor";
import { isCrossSiteMutation } from "@/lib/security/origin";
import { RateLimitError } from "@/lib/security/rate-limit";
import { log, withLogContext, addLogContext } from "@/lib/log";
import { requestIdOf } from "@/lib/request-id";

type Params = Record<string, string | string[]>;
type Ctx<P extends Params> = { params: Promise<P> };
type Handler<P extends Params, A> = (args: { req: NextRequest; params: P; actor: A }) => Promise<unknown>;

export function json(body: unknown, status = 200): NextResponse {
  return NextResponse.json(body, { status });
}

function respond(result: unknown): Response {
  return result instanceof Response ? result : json(result ?? { message: "OK" });
}

/** The error answer; a rate-limited one says when to try again. */
export function errorResponse(error: unknown): NextResponse {
  const { status, message, details } = toHttpError(error);
  const res = json({ ...details, message }, status);
  if (error instanceof RateLimitError) res.headers.set("Retry-After", String(error.retryAfterSec));
  // A service that is down comes back by itself: tell clients when to try again.
  else if (status === 503) res.headers.set("Retry-After", "5");
  return res;
}

/** Signed-in doors refuse cookie-authenticated mutations from other sites (lib/security/origin.ts). */
async function sameSiteOnly(req: NextRequest): Promise<void> {
  if (isCrossSiteMutation(req)) throw new AppError("FORBIDDEN", TEXTS.crossSiteRefused);
}

/**
 * Serves a request inside its log context (every line logged on the way carries the request id),
 * and writes one access line: method, path, status, duration.
 */
export function served(req: NextRequest, run: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  return withLogContext({ requestId: requestIdOf(req) }, async () => {
    const res = await run();
    const path = req.nextUrl.pathname;
    // A load balancer polls the health check every few seconds: its successes are not news.
    const level = path === "/api/health" && res.status === 200 ? "debug" : "info";
    log()[level]({ method: req.method, path, status: res.status, ms: Math.round(performance.now() - started) }, "request");
    return res;
  });
}

function wrap<P extends Params, A>(getActor: (req: NextRequest) => Promise<A>, handler: Handler<P, A>, signedIn = true) {
  return (req: NextRequest, ctx: Ctx<P>): Promise<Response> =>
    served(req, async () => {
      try {
        if (signedIn) await sameSiteOnly(req);
        const actor = await getActor(req);
        const adminId = (actor as { id?: unknown } | null)?.id;
        if (typeof adminId === "string") addLogContext({ adminId });
        const params = (await ctx?.params) ?? ({} as P);
        return respond(await handler({ req, params, actor }));
      } catch (error) {
        return errorResponse(error);
      }
    });
}

export const publicRoute = <P extends Params = Params>(h: Handler<P, null>) => wrap(async () => null, h, false);
export const actorRoute = <P extends Params = Params>(h: Handler<P, Actor>) => wrap(requireActor, h);
export const studioRoute = <P extends Params = Params>(h: Handler<P, Actor>) => wrap(requireStudio, h);
export const superadminRoute = <P extends Params = Params>(h: Handler<P, Actor>) => wrap(requireSuperadmin, h);

/** Parses a JSON body with a schema; a malformed body or a failed check is a 400 with a message. */
export async function parseJson<T extends z.ZodType>(req: NextRequest, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new AppError("VALIDATION", "The request body must be JSON.");
  }
  return parseWith(schema, body);
}

/** NUL and unpaired UTF-16 surrogates cannot be stored in Postgres text (the driver fails with a 500). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((v) => hasUnstorableText(v, depth + 1));
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  if (hasUnstorableText(value)) throw new AppError("VALIDATION", TEXTS.unstorableText);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? TEXTS.badRequest);
  return parsed.data;
}

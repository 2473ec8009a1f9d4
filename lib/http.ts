// Thin doors: every route handler parses, authorizes, calls a service and shapes the answer
// through these wrappers, so none can forget the error mapping or the acting account.
import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError, notFound, toHttpError } from "@/lib/errors";
import { codeForStatus, errorBody } from "@/lib/error-codes";
import { TEXTS } from "@/lib/texts";
import { isStorableText } from "@/lib/validation/common";
import { auditKeyUse, requireActor, requireKeyScope, requireStudio, requireSuperadmin } from "@/lib/auth/actor";
import { doorScope, type DoorScope } from "@/lib/api-scopes";
import type { Actor } from "@/lib/actor";
import { isCrossSiteMutation } from "@/lib/security/origin";
import { RateLimitError } from "@/lib/security/rate-limit";
import { log, withLogContext, addLogContext } from "@/lib/log";
import { requestIdOf } from "@/lib/request-id";

type RawParams = Record<string, string | string[]>;
type Ctx = { params: Promise<RawParams> };
type RouteHandler = (req: NextRequest, ctx: Ctx) => Promise<Response>;

/**
 * What a door takes, each parsed by its schema before the handler runs (in this order):
 * - `params`: the path's segments. A path that fails its schema names nothing that can exist: 404
 *   (like an unknown id, or someone else's). Every path segment is a name (ids, session ids, playlist
 *   names), so this is one rule: a malformed path is "not found", never "bad request".
 * - `query`: the query string (its last value per name); a failure is a 400 with the first message.
 * - `body`: the JSON body (parseJson); a failure is a 400 with the first message.
 * And `scope`: what a studio's API key must hold to use the door (signed-in doors only), when not
 * the default rule `doorScope(method, path)` of lib/api-scopes.ts; `signin` refuses every key.
 */
type Inputs = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; scope?: DoorScope };
type Parsed<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;
type ParamName<I extends Inputs> = Extract<keyof Parsed<I["params"], object>, string>;
/**
 * `self`: own account only. The named path param must be the acting account's own id, unless a
 * super admin acts; another account's id is a 404 like any row of someone else (never a 403 that
 * says it exists).
 */
type SignedInInputs<I extends Inputs> = I & { self?: ParamName<I> };
type Args<I extends Inputs, A> = { req: NextRequest; actor: A; params: Parsed<I["params"], RawParams>; query: Parsed<I["query"], undefined>; body: Parsed<I["body"], undefined> };
type Handler<I extends Inputs, A> = (args: Args<I, A>) => Promise<unknown> | unknown;
type PublicDoor = {
  (handler: Handler<Record<never, never>, null>): RouteHandler;
  <I extends Inputs>(inputs: I & { self?: never; scope?: never }, handler: Handler<I, null>): RouteHandler;
};

export function json(body: unknown, status = 200): NextResponse {
  return NextResponse.json(body, { status });
}

function respond(result: unknown): Response {
  return result instanceof Response ? result : json(result ?? { message: "OK" });
}

/** The error answer; a rate-limited one says when to try again. */
export function errorResponse(error: unknown): NextResponse {
  const { status, code, message } = toHttpError(error);
  const res = json(errorBody(code, message), status);
  if (error instanceof RateLimitError) res.headers.set("Retry-After", String(error.retryAfterSec));
  // A service that is down comes back by itself: tell clients when to try again.
  else if (status === 503) res.headers.set("Retry-After", "5");
  return res;
}

/**
 * An error answer made by someone else's code (next-auth's: plain text, or JSON without a code) in
 * our shape: the code of its status beside its message, its other fields and headers kept.
 */
export async function withErrorCode(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.clone().text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const fields = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  if (typeof fields.code === "string") return res;
  const message = typeof fields.message === "string" ? fields.message : parsed === undefined && text ? text : TEXTS.badRequest;
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...fields, ...errorBody(codeForStatus(res.status), message) }), { status: res.status, headers });
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

/** A path that fails its schema: nothing it names can exist. */
function pathParams(schema: z.ZodType, raw: RawParams): unknown {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function ownAccountOnly(actor: Actor, id: unknown): void {
  if (actor.role !== "superadmin" && id !== actor.id) throw notFound();
}

type DoorOptions = Inputs & { self?: string };

function door<A>(getActor: (req: NextRequest) => Promise<A>, signedIn: boolean) {
  function route(handler: Handler<Record<never, never>, A>): RouteHandler;
  function route<I extends Inputs>(inputs: SignedInInputs<I>, handler: Handler<I, A>): RouteHandler;
  function route(first: DoorOptions | Handler<DoorOptions, A>, second?: Handler<DoorOptions, A>): RouteHandler {
    const [inputs, handler] = typeof first === "function" ? [{} as DoorOptions, first] : [first, second!];
    return (req, ctx) =>
      served(req, async () => {
        try {
          if (signedIn) await sameSiteOnly(req);
          const actor = await getActor(req);
          requireKeyScope(actor as Actor | null, inputs.scope ?? doorScope(req.method, req.nextUrl.pathname));
          const adminId = (actor as { id?: unknown } | null)?.id;
          if (typeof adminId === "string") addLogContext({ adminId });
          const raw = (await ctx?.params) ?? {};
          const params = (inputs.params ? pathParams(inputs.params, raw) : raw) as RawParams;
          if (inputs.self) ownAccountOnly(actor as Actor, params[inputs.self]);
          const query = inputs.query ? parseWith(inputs.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
          const body = inputs.body ? await parseJson(req, inputs.body) : undefined;
          return auditKeyUse(req, respond(await handler({ req, actor, params, query, body })));
        } catch (error) {
          return auditKeyUse(req, errorResponse(error));
        }
      });
  }
  return route;
}

/** Anyone: no account is looked up (and `self` means nothing here). */
export const publicRoute: PublicDoor = door(async () => null, false);
/** Any signed-in account (401 otherwise). */
export const actorRoute = door(requireActor, true);
/** A studio (401 for nobody, 403 for a super admin). */
export const studioRoute = door(requireStudio, true);
/** A super admin (401 for nobody, 403 for a studio). */
export const superadminRoute = door(requireSuperadmin, true);

/** Parses a JSON body with a schema; a malformed body or a failed check is a 400 with a message. */
export async function parseJson<T extends z.ZodType>(req: NextRequest, schema: T): Promise<z.infer<T>> {
  return parseJsonText(await req.text(), schema);
}

/** The same, for a body already read (a door that caps its size first). */
export function parseJsonText<T extends z.ZodType>(text: string, schema: T): z.infer<T> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body must be JSON.");
  }
  return parseWith(schema, body);
}

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isStorableText(value);
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

/**
 * A request's raw body, read up to `max` bytes: null when it is larger (by its Content-Length, or
 * by what arrives), so a door answers 413 without holding more than `max` bytes in memory.
 */
export async function readBodyCapped(req: NextRequest, max: number): Promise<Uint8Array | null> {
  if (Number(req.headers.get("content-length") ?? 0) > max) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The 413 answer of a door whose body is capped. */
export const payloadTooLarge = (message: string) => json(errorBody("payload_too_large", message), 413);

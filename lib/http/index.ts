// Thin doors: every route handler parses, authorizes, calls a service and shapes the answer
// through these wrappers, so none can forget the error mapping or the acting account.
import "@/lib/server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError, notFound, toHttpError } from "@/lib/errors";
import { codeForStatus, errorBody } from "@/lib/error-codes";
import { TEXTS } from "@/lib/texts";
import { isStorableText } from "@/lib/validation/common";
import { auditKeyUse, requireActor, requireKeyScope, requireStudio, requireSuperadmin } from "@/lib/auth/actor";
import type { Actor } from "@/lib/services/access/rules/actor";
import { isRawAnswer, isRawBody, type DoorSpec, type Who } from "@/lib/contract/door";
import { undeclaredAnswer } from "@/lib/contract/answers";
import type { ErrorCode } from "@/lib/error-codes";
import { GUEST_COOKIE, isCrossSiteMutation } from "@/lib/security/origin";
import { RateLimitError } from "@/lib/security/rate-limit";
import { log, withLogContext, addLogContext } from "@/lib/log";
import { requestIdOf } from "@/lib/http/request-id";
import { env } from "@/lib/env";
import { galleryPageOnHost } from "@/lib/services/studio/rules/hosts";
import { videoHash } from "@/lib/services/films/rules/video-hash";

type RawParams = Record<string, string | string[]>;
type Ctx = { params: Promise<RawParams> };
type RouteHandler = (req: NextRequest, ctx: Ctx) => Promise<Response>;

/**
 * What a door takes, each parsed by its declared schema (lib/contract) before the handler runs (in
 * this order):
 * - `params`: the path's segments. A path that fails its schema names nothing that can exist: 404
 *   (like an unknown id, or someone else's). Every path segment is a name (ids, session ids, playlist
 *   names), so this is one rule: a malformed path is "not found", never "bad request".
 * - `query`: the query string (its last value per name); a failure is a 400 with the first message.
 * - `body`: the JSON body (parseJson); a failure is a 400 with the first message. A raw body, or one
 *   the declaration leaves to the handler (`bodyReadBy: "handler"`), is the handler's to read.
 * - `self`: own account only. The named path param must be the acting account's own id, unless a
 *   super admin acts; another account's id is a 404 like any row of someone else (never a 403 that
 *   says it exists).
 * And before them the door's `scope`: what a studio's API key must hold to use it (403 `scope`
 * otherwise; `none`: no key ever, the door is for a person signed in). Every use of a key is audited.
 */
type Parsed<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;
type ActorOf<W extends Who> = W extends "public" ? null : Actor;
type Args<D extends DoorSpec> = {
  req: NextRequest;
  actor: ActorOf<D["who"]>;
  params: Parsed<D["params"], RawParams>;
  query: Parsed<D["query"], undefined>;
  body: D["bodyReadBy"] extends "handler" ? undefined : Parsed<D["body"], undefined>;
};

declare const ANSWER: unique symbol;
declare const FAILED: unique symbol;
/** A JSON answer made by `json()`, carrying its body's type (so a handler's Response is checked too). */
export type JsonResponse<T> = NextResponse & { readonly [ANSWER]: T };
/** An error answer (errorResponse, jsonError): never checked against the door's answer. */
export type ErrorResponse = NextResponse & { readonly [FAILED]: true };

/** What the wire carries for a value: a Date is sent as its ISO string. */
type Sendable<T> = T extends string ? T | Date : T extends readonly (infer U)[] ? readonly Sendable<U>[] : T extends object ? { [K in keyof T]: Sendable<T[K]> } : T;
/**
 * What a handler may return: the declared answer (checked at compile time against its schema's
 * type), a `json()` of it (another status, headers, cookies), or an error answer; a door declared
 * with a raw answer (a redirect, a file, text) returns its Response.
 */
type Reply<D extends DoorSpec> = D["answer"] extends z.ZodType ? Sendable<z.output<D["answer"]>> | JsonResponse<Sendable<z.output<D["answer"]>>> | ErrorResponse : Response;
type Handler<D extends DoorSpec> = (args: Args<D>) => Promise<Reply<D>> | Reply<D>;
/** A door's handler type, for a test of what it may return (tests/unit/contract-types.test.ts). */
export type HandlerOf<D extends DoorSpec> = Handler<D>;

export function json<T>(body: T, status = 200): JsonResponse<T> {
  return NextResponse.json(body, { status }) as JsonResponse<T>;
}

/** A JSON answer for one viewer only (a guest's own comments, decisions): never kept by a shared cache. */
export function privateJson<T>(body: T, status = 200): JsonResponse<T> {
  const res = json(body, status);
  res.headers.set("cache-control", "private, no-store");
  return res;
}

/** An error answer with more than `{ code, message }` (a 503 that names the part that failed). */
export function jsonError(body: { code: ErrorCode; message: string }, status: number): ErrorResponse {
  return NextResponse.json(body, { status }) as ErrorResponse;
}

function respond(result: unknown, status = 200): Response {
  return result instanceof Response ? result : json(result ?? { message: "OK" }, status);
}

/** The error answer; a rate-limited one says when to try again. */
export function errorResponse(error: unknown): ErrorResponse {
  const { status, code, message } = toHttpError(error);
  const res = jsonError(errorBody(code, message), status);
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

/** The public doors that act as the guest a personal-link cookie names (review comments) refuse another site's mutation too. */
export function guestSameSiteOnly(req: NextRequest): void {
  if (isCrossSiteMutation(req, GUEST_COOKIE)) throw new AppError("FORBIDDEN", TEXTS.crossSiteRefused);
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

const ACTOR: Record<Who, (req: NextRequest) => Promise<Actor | null>> = {
  public: async () => null,
  actor: requireActor,
  studio: requireStudio,
  superadmin: requireSuperadmin,
};

/**
 * In tests, every answer is checked against its declaration (lib/contract), so every integration
 * test that calls a door checks what it answered: a JSON success must match the declared schema
 * (it throws otherwise), and its status, and an error's `code`, must be among the ones the
 * declaration implies or names (lib/contract/answers.ts): an undeclared status or code throws too, in
 * every suite, so the test that provoked it fails (tests/integration/contract-answers.test.ts shows how).
 * Outside tests nothing is checked.
 */
async function checkAnswer(spec: DoorSpec, res: Response): Promise<void> {
  if (env().NODE_ENV !== "test") return;
  const code = res.status >= 400 ? await errorCodeOf(res) : undefined;
  const undeclared = undeclaredAnswer(spec, res.status, code);
  if (undeclared) {
    throw new Error(`${spec.method} ${spec.path}: ${undeclared} (lib/contract: declare it, or answer as declared)`);
  }
  if (isRawAnswer(spec.answer) || res.status >= 300 || res.status === 204) return;
  const body: unknown = await res.clone().json();
  const parsed = spec.answer.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${spec.method} ${spec.path}: the answer does not match its declared schema (lib/contract) at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
}

async function errorCodeOf(res: Response): Promise<unknown> {
  try {
    return ((await res.clone().json()) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

/**
 * A door's handler, served as its declaration says (lib/contract): the actor its `who` names (401,
 * 403), the same-site check for signed-in doors, params/query/body parsed, `self`, the access log;
 * a thrown error becomes its error answer.
 */
export function route<const D extends DoorSpec>(spec: D, handler: Handler<D>): RouteHandler {
  const signedIn = spec.who !== "public";
  const getActor = ACTOR[spec.who];
  return (req, ctx) =>
    served(req, async () => {
      let res: Response;
      try {
        if (signedIn) await sameSiteOnly(req);
        const actor = await getActor(req);
        requireKeyScope(actor, spec.scope ?? "none");
        if (actor?.id) addLogContext({ adminId: actor.id });
        const raw = (await ctx?.params) ?? {};
        const params = (spec.params ? pathParams(spec.params, raw) : raw) as RawParams;
        if (spec.self) ownAccountOnly(actor!, params[spec.self]);
        const query = spec.query ? parseWith(spec.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
        const body = spec.body && !isRawBody(spec.body) && spec.bodyReadBy !== "handler" ? await parseJson(req, spec.body) : undefined;
        res = respond(await handler({ req, actor, params, query, body } as Args<D>), spec.status);
      } catch (error) {
        res = errorResponse(error);
      }
      await checkAnswer(spec, res);
      return auditKeyUse(req, res);
    });
}

/** Whether the browser opens the answer as a page (a link followed, in a new tab too), not a fetch, a player's request or a download. */
function opensAsPage(req: NextRequest): boolean {
  const dest = req.headers.get("sec-fetch-dest");
  // Every current browser says what a request is for; without it, only a page load asks for HTML first.
  return req.method === "GET" && (dest === null ? /^text\/html\b/i.test(req.headers.get("accept") ?? "") : dest === "document");
}

/**
 * A public film door a guest's browser may open as a page (`/api/public/<door>/:videoId?g=<gallery>`:
 * a film's download or stream link opened in a tab, or kept after the film was deleted). A refusal
 * of such a page load is no raw JSON: it sends the browser (303) to the gallery's own page at that
 * film (`#v=<id>`), which says it in the guest's language — the gallery's branded 404, password or
 * expired page, or "this film is no longer in the gallery" over the films. Fetches, players and
 * downloads keep the door's JSON answer.
 */
export function refusalOpensGallery(handler: RouteHandler): RouteHandler {
  return async (req, ctx) => {
    const res = await handler(req, ctx);
    const gallery = req.nextUrl.searchParams.get("g");
    const videoId = (await ctx?.params)?.videoId;
    if (res.status < 400 || !opensAsPage(req) || !gallery || typeof videoId !== "string") return res;
    const page = galleryPageOnHost(req.headers.get("host"), gallery, { appUrl: env().APP_URL, galleryBaseUrl: env().GALLERY_BASE_URL });
    const to = NextResponse.redirect(new URL(`${page}${videoHash(videoId)}`, req.url), 303);
    to.headers.set("cache-control", "private, no-store");
    return to;
  };
}

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
export const payloadTooLarge = (message: string) => jsonError(errorBody("payload_too_large", message), 413);

/**
 * An optional JSON body of at most `max` bytes, parsed with `schema`: no body at all is `{}` (a door
 * whose every field is optional, called as before it took one); larger is an AppError 413, malformed
 * or failing the schema a 400.
 */
export async function optionalJsonCapped<T extends z.ZodType>(req: NextRequest, schema: T, max: number, tooLarge: string): Promise<z.infer<T>> {
  const bytes = await readBodyCapped(req, max);
  if (bytes === null) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  const text = new TextDecoder().decode(bytes);
  return parseJsonText(text.trim() === "" ? "{}" : text, schema);
}

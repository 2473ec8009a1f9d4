// One door of the API, declared once: its method and path, who may call it, the API-key
// scope it needs, the zod schemas of what it takes and what it answers, its error codes, and the
// words of the reference (/docs/api, from /api/openapi.json). lib/http/index.ts's `route()` reads it on the
// server, the browser's `apiCall()` on the client, the OpenAPI document for everyone else. Pure: zod
// and types only, so the browser imports it too.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/error-codes";
import type { DoorScope } from "@/lib/services/platform/rules/api-scopes";
import { fillTemplate, type PathNames, type PathValues } from "@/lib/contract/paths";

export { fillTemplate, type PathNames, type PathValues };

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Who may call it: `public` (anyone, no account looked up), `actor` (any signed-in account),
 * `studio` (a studio; a super admin gets 403), `superadmin` (a super admin; a studio gets 403).
 */
export type Who = "public" | "actor" | "studio" | "superadmin";

/** The API-key scope a door needs when called with a key; `none`: never with a key. */
type Scope = DoorScope;

/**
 * A door whose answer is not a JSON document says what it answers instead: a redirect (302 to a
 * signed address), a text file (an HLS playlist, WebVTT), a file to save (CSV, an image), nothing
 * (204), or whatever next-auth answers.
 */
export type RawAnswer = {
  kind: "redirect" | "text" | "file" | "empty" | "next-auth";
  /** The media type it sends, or each one it may send (a door that writes several formats). */
  contentType?: string | readonly string[];
  description: string;
};
export type Answer = z.ZodType | RawAnswer;

/** What a door takes beyond JSON: its raw body (a captions file), read by the handler. */
export type RawBody = { kind: "binary"; contentType: string; description: string };

export type DoorSpec = {
  method: Method;
  /** The path template, each segment value named `:name` (`:name*` for a catch-all), e.g. "/api/folder/folders/:id". */
  path: string;
  who: Who;
  /** Default: GET → read, the others → write; super-admin doors → none. */
  scope?: Scope;
  /** The path's segments; a value that fails is a 404 (it names nothing that can exist). */
  params?: z.ZodType;
  /** The query string (its last value per name); a failure is a 400. */
  query?: z.ZodType;
  /**
   * The JSON body (a failure is a 400), or a raw body. `bodyReadBy: "handler"`: the handler reads
   * and parses it itself (a door that caps the body's size first, or picks the schema by the actor);
   * the schema is then only the reference's.
   */
  body?: z.ZodType | RawBody;
  bodyReadBy?: "handler";
  /** `self`: the named path param must be the acting account's own id, unless a super admin acts (404 otherwise). */
  self?: string;
  /** The JSON answer's schema, or what the door answers instead. */
  answer: Answer;
  /** The success status when it is not 200 (201 created, 202 accepted, 204). */
  status?: number;
  /**
   * A door that creates (201) but answers 200 with what already exists when the request repeats one
   * (a `clientKey` retry, the chapter at that second): when it does. The handler picks the status
   * (`json(body, created ? 201 : 200)`); the reference lists both.
   */
  existing?: string;
  /** It reads an optional `Idempotency-Key` header: a retry with the same key applies once (the reference lists the header). */
  idempotencyKey?: true;
  /**
   * The error codes it may answer besides those its declaration implies (lib/contract/answers.ts:
   * validation, unauthorized, forbidden, scope, rate_limited, not_found, …). In tests an answer
   * whose status or code is not declared fails the test that caused it.
   */
  errors?: readonly ErrorCode[];
  summary: string;
  description?: string;
  /** A guide the reference links from the operation; a `url` starting with `/` is on this app (made absolute with APP_URL). */
  externalDocs?: { description: string; url: string };
  tag: string;
  /** An example of the JSON body (the reference shows it; without one, it is made from the schema: lib/contract/examples.ts), or a raw body's text. */
  example?: unknown;
  /** An example of the JSON answer, where the one made from its schema would not do (its refinements refuse it, or it says nothing). */
  answerExample?: unknown;
};

export type Door<S extends DoorSpec = DoorSpec> = S & {
  scope: Scope;
  /** The concrete path, each value URI-encoded (a catch-all's value may hold "/"). */
  url: (...values: [PathNames<S["path"]>] extends [never] ? [] : [PathValues<S["path"]>]) => string;
};

const defaultScope = (s: DoorSpec): Scope => (s.who === "superadmin" ? "none" : s.method === "GET" ? "read" : "write");

/** Declares a door (see DoorSpec). */
export function door<const S extends DoorSpec>(spec: S): Door<S> {
  const url = ((values?: Record<string, string | number>) => fillTemplate(spec.path, values ?? {})) as Door<S>["url"];
  return { ...spec, scope: spec.scope ?? defaultScope(spec), url };
}

export const raw = (kind: RawAnswer["kind"], description: string, contentType?: RawAnswer["contentType"]): RawAnswer => ({ kind, description, ...(contentType ? { contentType } : {}) });

export const isRawAnswer = (a: Answer): a is RawAnswer => typeof (a as RawAnswer).kind === "string" && typeof (a as RawAnswer).description === "string";
export const isRawBody = (b: DoorSpec["body"]): b is RawBody => !!b && (b as RawBody).kind === "binary";

/** The JSON answer's type (what the browser receives), or never for a raw answer. */
export type AnswerOf<D extends DoorSpec> = D["answer"] extends z.ZodType ? z.output<D["answer"]> : never;

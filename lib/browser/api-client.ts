// The browser's way to call our API: JSON in, JSON out, `{ code, message }` errors thrown as ApiError.
// `apiCall(door, { params, query, body | file })` takes a door's declaration (lib/contract): its
// method and path, what it takes, and the type of its answer, so no call site picks a type by hand
// (it is the only way: tests/unit/browser-calls.test.ts refuses a hand-typed /api/ address).
import type { z } from "zod";
import { codeForStatus, type ErrorCode } from "@/lib/error-codes";
import { SCOPE_HEADER } from "@/lib/auth/scope";
import { SUPERADMIN_BASE } from "@/lib/routes";
import { fillTemplate, type AnswerOf, type DoorSpec, type PathNames, type PathValues, type RawBody } from "@/lib/contract/door";

/** The super admin's pages say so: a door for both faces then acts as the super admin (lib/auth/scope.ts). */
function scopeHeaders(): Record<string, string> {
  return typeof window !== "undefined" && window.location.pathname.startsWith(`${SUPERADMIN_BASE}/`) ? { [SCOPE_HEADER]: "superadmin" } : {};
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** The answer's stable code (docs/api.md, "Errors"): what to switch on, never the message. */
    public readonly code: ErrorCode = codeForStatus(status),
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type SendInit = { method?: string; body?: unknown; file?: Blob };

async function send(url: string, init: SendInit): Promise<unknown> {
  const sends = init.file !== undefined || init.body !== undefined;
  const res = await fetch(url, {
    method: init.method ?? (sends ? "POST" : "GET"),
    headers: { ...scopeHeaders(), ...(init.file ? { "content-type": "application/octet-stream" } : init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.file ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    credentials: "same-origin",
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const { code, message } = data as { code?: ErrorCode; message?: string };
    throw new ApiError(res.status, message ?? `Request failed (${res.status})`, code);
  }
  return data;
}

type ParamsInput<D extends DoorSpec> = [PathNames<D["path"]>] extends [never] ? { params?: never } : { params: PathValues<D["path"]> };
type QueryInput<D extends DoorSpec> = D["query"] extends z.ZodType ? { query: z.input<D["query"]> } : { query?: never };
type BodyInput<D extends DoorSpec> = D["body"] extends RawBody ? { file: Blob } : D["body"] extends z.ZodType ? { body: z.input<D["body"]> } : { body?: never };
/** What a call of a door sends: its path's values, its query, its body (or file), as declared. */
export type CallInput<D extends DoorSpec> = ParamsInput<D> & QueryInput<D> & BodyInput<D>;

/** The query string of a call: every defined value, as text. */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** Calls a declared door (lib/contract); the answer has the door's declared answer type. */
export async function apiCall<D extends DoorSpec>(door: D, ...[input]: Record<string, never> extends CallInput<D> ? [CallInput<D>?] : [CallInput<D>]): Promise<AnswerOf<D>> {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; file?: Blob };
  return (await send(`${fillTemplate(door.path, i.params ?? {})}${queryString(i.query)}`, { method: door.method, body: i.body, file: i.file })) as AnswerOf<D>;
}

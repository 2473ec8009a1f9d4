// The body of a POST to next-auth's endpoints, read once, here. next-auth 4's App Router handler
// would read it itself (next-auth/next/utils.js getBody: JSON when the type says json, a form
// otherwise, anything else ignored; a repeated form field silently becomes its last value; a
// malformed or huge JSON body throws, a 500). We read it with a size limit, refuse repeated
// fields, other types, nesting and malformed input with a 400, and hand next-auth a request
// rebuilt from exactly the values we parsed (and limited): what is throttled and what is verified
// can never differ.
import "@/lib/server-only";
import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";

/** Far above any sign-in form (a CSRF token, an email, a password, a callback url). */
const AUTH_BODY_MAX_BYTES = 16 * 1024;

export type AuthBody = Record<string, string>;

const bad = (message: string) => new AppError("VALIDATION", message);

export async function readAuthBody(req: NextRequest): Promise<AuthBody> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > AUTH_BODY_MAX_BYTES) throw bad("The request body is too large.");
  const text = await req.text().catch(() => {
    throw bad("The request body could not be read.");
  });
  if (Buffer.byteLength(text) > AUTH_BODY_MAX_BYTES) throw bad("The request body is too large.");
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return fromForm(text);
  if (type === "application/json") return fromJson(text);
  if (text.length === 0) return {};
  throw bad("Send the form as application/x-www-form-urlencoded or application/json.");
}

function fromForm(text: string): AuthBody {
  const body: AuthBody = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(body, name)) throw bad(`The field "${name.slice(0, 40)}" was sent more than once.`);
    body[name] = value;
  }
  return body;
}

function fromJson(text: string): AuthBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad("The request body must be JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw bad("The request body must be a JSON object.");
  const body: AuthBody = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === "string") body[name] = value;
    else if (typeof value === "number" || typeof value === "boolean") body[name] = String(value);
    else if (value !== null) throw bad(`The field "${name.slice(0, 40)}" must be a string.`);
  }
  return body;
}

/** The request next-auth sees: the same url and headers, and a form body of exactly these values. */
export function rebuiltRequest(req: NextRequest, body: AuthBody): NextRequest {
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new NextRequest(req.url, { method: req.method, headers, body: new URLSearchParams(body).toString() });
}

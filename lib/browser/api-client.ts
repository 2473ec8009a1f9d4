// The browser's way to call our API: JSON in, JSON out, `{ code, message }` errors thrown as ApiError.
import { codeForStatus, type ErrorCode } from "@/lib/error-codes";
import { SCOPE_HEADER } from "@/lib/auth/scope";
import { SUPERADMIN_BASE } from "@/lib/routes";

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

/** `body` goes as JSON; `file` as the raw body (a door that takes a file as it is, e.g. captions). */
export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown; file?: Blob } = {}): Promise<T> {
  const sends = init.file !== undefined || init.body !== undefined;
  const res = await fetch(`/api/${path.replace(/^\/+/, "")}`, {
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
  return data as T;
}

// The browser's way to call our API: JSON in, JSON out, `{ code, message }` errors thrown as ApiError.
import { codeForStatus, type ErrorCode } from "@/lib/error-codes";

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

export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`/api/${path.replace(/^\/+/, "")}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const { code, message } = data as { code?: ErrorCode; message?: string };
    throw new ApiError(res.status, message ?? `Request failed (${res.status})`, code);
  }
  return data as T;
}

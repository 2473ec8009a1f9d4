// Links typed by studios end up on public pages: only http(s) addresses may become links.

/** The address when it is an absolute http(s) URL, otherwise null (javascript:, data:, relative…). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

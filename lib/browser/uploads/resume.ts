// What the browser knows of a film's unfinished upload. The server is its one
// record (GET /api/uploads/unfinished, listed by the upload panel after any reload); a file picked
// to resume it must be the same file: its name, size and last-modified time are compared here, and
// the SHA-256 of its first part (sent at start) by the server (POST /api/uploads/resume).
import { multipartPartSize } from "@/lib/limits";

type FileLike = { name: string; size: number; lastModified: number };

/** What an unfinished upload says of the file it was started with (lastModified null: not recorded). */
export type StartedFile = { name: string; size: number; lastModified: number | null };

/** Whether `file` may be the file an unfinished upload was started with (the server checks its bytes). */
export const isSameFile = (started: StartedFile, file: FileLike) =>
  started.name === file.name && started.size === file.size && (started.lastModified === null || started.lastModified === file.lastModified);

/**
 * The SHA-256 (lower-case hex) of the file's first part (the whole file when it is smaller), or
 * undefined where the browser cannot hash (no WebCrypto outside a secure context).
 */
export async function firstPartSha256(file: Blob): Promise<string | undefined> {
  const subtle = typeof crypto !== "undefined" ? crypto.subtle : undefined;
  if (!subtle) return undefined;
  const digest = await subtle.digest("SHA-256", await file.slice(0, multipartPartSize(file.size)).arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

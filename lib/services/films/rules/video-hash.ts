// A gallery's deep link to a film (`#v=<id>&t=<seconds>`): the public gallery's own module, apart from
// lib/routes.ts, so its first load does not carry the app's route table (which the script-free
// pages' client builds use; a module the two share is emitted once, with every export either uses).
import { isId } from "@/lib/ids";

/** A deep link into a gallery: which video, and where to start (seconds). */
export function videoHash(videoId: string, seconds?: number): string {
  return `#v=${encodeURIComponent(videoId)}${seconds ? `&t=${Math.floor(seconds)}` : ""}`;
}

/** The video and start of a deep link, or null when the hash is not one. */
export function parseVideoHash(hash: string): { videoId: string; seconds: number } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const videoId = params.get("v");
  if (!isId(videoId)) return null;
  const t = Number(params.get("t") ?? 0);
  return { videoId, seconds: Number.isFinite(t) && t > 0 ? Math.floor(t) : 0 };
}

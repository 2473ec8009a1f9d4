// HLS playlists as the worker stored them (under `<video key>.derived/hls/`), read from the store
// and kept in memory: the files of a processed video never change under the same processing
// (a re-process is a new version: the cache key carries it).
import "@/lib/server-only";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { LRUCache } from "lru-cache";
import { bucket, s3 } from "@/lib/storage/client";

const stored = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (text, key) => text.length + key.length });

/** The text of a stored playlist (`version`: what identifies this processing of the video). */
export const storedPlaylist = (key: string, version: string) => storedText(key, version);

/** A small stored text (a playlist, a caption file), kept in memory under its key and `version`; null when missing. */
export async function storedText(key: string, version: string): Promise<string | null> {
  const id = `${version}|${key}`;
  const hit = stored.get(id);
  if (hit !== undefined) return hit;
  let text: string;
  try {
    const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    text = await res.Body!.transformToString("utf8");
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (e as { name?: string }).name === "NoSuchKey") return null;
    throw e;
  }
  stored.set(id, text);
  return text;
}

const PLAYLIST_NAME = /^[A-Za-z0-9_.-]+\.m3u8$/;

/** The media playlists a master playlist names (relative names only): its variants, and the
 *  renditions of its #EXT-X-MEDIA lines (the shared audio). */
export function variantsOf(master: string): string[] {
  return master
    .split(/\r?\n/)
    .map((l) => l.trim())
    .map((l) => (l.startsWith("#EXT-X-MEDIA:") ? (/URI="([^"]+)"/.exec(l)?.[1] ?? "") : l.startsWith("#") ? "" : l))
    .filter((name) => PLAYLIST_NAME.test(name));
}

/**
 * A playlist with every URI line (and URI="…" attribute) replaced by `rewrite(uri)`: variant
 * playlists' names in a master, segments in a variant.
 */
export function rewritePlaylist(text: string, rewrite: (uri: string) => string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (!t) return line;
      if (t.startsWith("#")) return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${rewrite(uri)}"`);
      return rewrite(t);
    })
    .join("\n");
}

const rewritten = new LRUCache<string, string>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (text, key) => text.length + key.length });

/** A rewritten playlist, kept under `id` (its source, version, signing window and host). */
export async function cachedRewrite(id: string, make: () => Promise<string | null>): Promise<string | null> {
  const hit = rewritten.get(id);
  if (hit !== undefined) return hit;
  const text = await make();
  if (text !== null) rewritten.set(id, text);
  return text;
}

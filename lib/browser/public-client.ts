// The browser's calls from the public gallery page (viewers have no session): the views and the
// download links its first load needs; the gates' calls are lib/browser/public-gates.ts. Relative paths, so
// they work on the default gallery host and on a studio's custom domain alike.
import { isId } from "@/lib/ids";
import { publicPath } from "@/lib/contract/paths";

/**
 * Counts a view of a video (call it on first play; never in the studio's preview). The server
 * counts each viewer once per video and ignores bots. Resolves to whether this call counted.
 */
export async function recordView(slugOrGalleryId: string, videoId: string): Promise<boolean> {
  try {
    const res = await fetch(publicPath("views"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(isId(slugOrGalleryId) ? { galleryId: slugOrGalleryId, videoId } : { slug: slugOrGalleryId, videoId }),
      credentials: "same-origin",
      keepalive: true,
    });
    return res.ok && ((await res.json()) as { counted?: boolean }).counted === true;
  } catch {
    return false; // a lost view count must never disturb playback
  }
}

/** The address the Download button links to: the server answers with a short-lived link to the original. */
export function downloadHref(videoId: string, slugOrGalleryId: string): string {
  return `${publicPath("download", { videoId })}?g=${encodeURIComponent(slugOrGalleryId)}`;
}

// The public gallery page's addresses its first load needs (viewers have no session): the download
// links; the gates' calls are lib/browser/public-gates.ts, the views and engagement reports
// lib/browser/watch-tracker.ts (loaded with the player). Relative paths, so they work on the default
// gallery host and on a studio's custom domain alike.
import { PUBLIC_DOWNLOAD_PATH, publicPath } from "@/lib/contract/paths";

/** The address the Download button links to: the server answers with a short-lived link to the original. */
export function downloadHref(videoId: string, slugOrGalleryId: string): string {
  return `${publicPath(PUBLIC_DOWNLOAD_PATH, { videoId })}?g=${encodeURIComponent(slugOrGalleryId)}`;
}

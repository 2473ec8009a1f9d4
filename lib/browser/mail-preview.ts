// The studio's preview of a guest's mail: the HTML the preview door answers — the
// sent mail's own, byte for byte — shown in a sandboxed frame without its open pixel, so looking at
// the preview never marks the guest's mail opened. (The pixel door also ignores a request whose
// Referer is the app, but Chromium sends none from a sandboxed srcdoc frame.)
import { OPEN_PATHS } from "@/lib/contract/open-paths";

/** Where every open pixel's address starts: the door's path up to its invite id. */
const PIXEL_PATH = OPEN_PATHS.inviteOpened.slice(0, OPEN_PATHS.inviteOpened.indexOf(":"));

/** The mail's HTML for the preview frame: every image whose address is an open pixel left out. */
export function previewDocument(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => (tag.includes(PIXEL_PATH) ? "" : tag));
}

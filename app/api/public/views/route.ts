// POST /api/public/views (public) { gallery | slug | galleryId, videoId } → { counted }: one view
// per viewer (a random id in the httpOnly session cookie vf_viewer) and video; bots are ignored.
import { parseJson, publicRoute, json } from "@/lib/http";
import { env } from "@/lib/env";
import { newViewerId, recordView, VIEWER_COOKIE } from "@/lib/services/viewer";
import { viewSchema } from "@/lib/validation/public";

export const POST = publicRoute(async ({ req }) => {
  const { gallery, videoId } = await parseJson(req, viewSchema);
  const known = req.cookies.get(VIEWER_COOKIE)?.value;
  const viewerId = known && /^[A-Za-z0-9_-]{16,64}$/.test(known) ? known : newViewerId();
  const result = await recordView({ gallery, videoId, viewerId, userAgent: req.headers.get("user-agent"), cookies: req.cookies });
  const res = json(result);
  res.headers.set("cache-control", "private, no-store");
  // A session cookie: "once per viewer session".
  if (viewerId !== known) res.cookies.set(VIEWER_COOKIE, viewerId, { httpOnly: true, sameSite: "lax", secure: env().APP_URL.startsWith("https://"), path: "/" });
  return res;
});

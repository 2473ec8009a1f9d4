// POST /api/public/views (public) { gallery | slug | galleryId, videoId } → { counted }: a view is
// counted once per viewer and video — the signed httpOnly session cookie vf_viewer, and the client
// address with its user agent within a day — and bots are ignored (docs/api.md, "what a view is").
import { parseJson, publicRoute, json } from "@/lib/http";
import { secureCookies } from "@/lib/env";
import { clientAddress } from "@/lib/security/client-ip";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { newViewerCookie, recordView, VIEWER_COOKIE, viewerIdOf } from "@/lib/services/viewer";
import { viewSchema } from "@/lib/validation/public";

export const POST = publicRoute(async ({ req }) => {
  const { gallery, videoId } = await parseJson(req, viewSchema);
  const known = viewerIdOf(req.cookies.get(VIEWER_COOKIE)?.value);
  const issued = known ? null : newViewerCookie();
  const result = await recordView({
    gallery,
    videoId,
    viewerId: known ?? issued!.id,
    client: { ip: clientAddress(req.headers), userAgent: req.headers.get("user-agent") },
    credentials: viewerCredentials(req),
  });
  const res = json(result);
  res.headers.set("cache-control", "private, no-store");
  // A session cookie: "once per viewer session".
  if (issued) res.cookies.set(VIEWER_COOKIE, issued.value, { httpOnly: true, sameSite: "lax", secure: secureCookies(), path: "/" });
  return res;
});

// POST /api/public/views (public) { gallery | slug | galleryId, videoId } → { counted }: a view is
// counted once per viewer and video — the signed httpOnly session cookie vf_viewer, and the client
// address with its user agent within a day — and bots are ignored (docs/api.md, "what a view is").
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { clientAddress } from "@/lib/security/client-ip";
import { viewerCredentials } from "@/lib/services/access";
import { browserViewer, recordView } from "@/lib/services/public";

export const POST = route(doors.publicGallery.views, async ({ req, body: { gallery, videoId } }) => {
  const viewer = browserViewer(req.cookies);
  const result = await recordView({
    gallery,
    videoId,
    viewerId: viewer.id,
    client: { ip: clientAddress(req.headers), userAgent: req.headers.get("user-agent") },
    credentials: viewerCredentials(req),
  });
  const res = json(result);
  res.headers.set("cache-control", "private, no-store");
  viewer.remember(res);
  return res;
});

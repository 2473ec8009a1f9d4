// GET /api/public/galleries/:slug (public) → { state, studio, expiresAt } when the gallery gate lets
// this browser in; otherwise the gate's refusal: 401 { message, reason: "locked" }, 403 { message,
// reason: "expired" }, 404. The locked page fetches the films from here after the password.
import { json, publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { galleryForViewer } from "@/lib/services/viewer";

export const dynamic = "force-dynamic";

export const GET = publicRoute<{ slug: string }>(async ({ req, params }) => {
  const res = json(await galleryForViewer(params.slug, viewerCredentials(req)));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

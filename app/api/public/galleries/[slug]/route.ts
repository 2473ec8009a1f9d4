// GET /api/public/galleries/:slug (public) → { state, studio, expiresAt } when the gallery gate lets
// this browser in; otherwise the gate's refusal: 401 { code: "gallery_locked", message }, 403
// { code: "gallery_expired", message }, 404. The locked page fetches the films from here after the password.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { galleryForViewer } from "@/lib/services/public";

export const dynamic = "force-dynamic";

export const GET = route(doors.publicGallery.content, async ({ req, params }) => {
  const res = json(await galleryForViewer(params.slug, viewerCredentials(req)));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

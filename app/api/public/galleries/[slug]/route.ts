// GET /api/public/galleries/:slug (public) → { state, studio } when the gallery is open to this
// browser; 401 { message, reason: "locked" } without a valid unlock cookie; 403 { message, reason:
// "expired" }; 404. The locked page fetches the films from here after the password.
import { json, publicRoute } from "@/lib/http";
import { notFound } from "@/lib/errors";
import { loadPublicGallery } from "@/lib/services/public-gallery";
import { viewerAccess } from "@/lib/services/gallery-access";
import { TEXTS } from "@/lib/texts";

export const dynamic = "force-dynamic";

export const GET = publicRoute<{ slug: string }>(async ({ req, params }) => {
  const gallery = await loadPublicGallery(params.slug);
  if (!gallery) throw notFound();
  const access = viewerAccess(gallery.access, req.cookies);
  if (access === "locked") return json({ message: TEXTS.viewer.locked, reason: access }, 401);
  if (access === "expired") return json({ message: TEXTS.viewer.expiredHeading, reason: access }, 403);
  const res = json({ state: gallery.state, studio: gallery.studio });
  res.headers.set("cache-control", "private, no-store");
  return res;
});

// GET /api/public/galleries/:slug/archive (public) → { name, files: [{ name, size, src, film? }] }:
// what "Download all" puts in its ZIP (lib/services/public/archive.ts), when the gallery gate lets this
// browser in and lets it download; otherwise the gate's refusal (401 gallery_locked, 403
// gallery_expired / downloads_off / pin_required, 404). Films come from the download door (which
// counts each and redirects to the store); the ZIP is made in the browser.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { galleryArchive } from "@/lib/services/public";

export const dynamic = "force-dynamic";

export const GET = route(doors.publicGallery.archive, async ({ req, params }) => {
  const res = json(await galleryArchive(params.slug, viewerCredentials(req)));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

// GET /api/public/galleries/:slug/entry (public) → { open: true, content: { state, studio, expiresAt } }
// when the gallery gate lets this browser in, else { open: false, closed: "locked" | "uninvited" |
// "badLink" | "expired" } (200 either way: the closed page's first question logs no failed request);
// 404 when the gallery is missing. The password form and the invited guests' notice ask it.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { galleryEntry } from "@/lib/services/public";

export const dynamic = "force-dynamic";

export const GET = route(doors.publicGallery.entry, async ({ req, params }) => {
  const res = json(await galleryEntry(params.slug, viewerCredentials(req)));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

// GET /api/public/invites/media/:inviteId?a=logo|background&s=<signature> (public): an image of the
// delivery mail (the studio's logo, the gallery's background image) → 302 to a freshly signed,
// expiring address of it, so a mail read months later still shows it. 404 for a wrong signature, an
// unknown or revoked invite, or no such image. Not cached.
import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { notFound } from "@/lib/errors";
import { mailImage } from "@/lib/services/guests";

export const GET = route(doors.publicGallery.inviteMedia, async ({ params, query }) => {
  const url = await mailImage(params.inviteId, query.a, query.s);
  if (!url) throw notFound();
  const res = NextResponse.redirect(url, 302);
  res.headers.set("cache-control", "private, no-store");
  return res;
});

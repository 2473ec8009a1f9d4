// GET /api/public/stream/:videoId?g=<custom url or gallery id>[&h=fallback] (public) → 302 to a
// signed, expiring address of the film's MP4 (the fast-start copy; the original only when the
// gallery's Downloads are on), after the gallery gate. What the players' MP4 source points at.
import { NextResponse } from "next/server";
import { parseWith, publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { viewerStream } from "@/lib/services/playback";
import { idParam } from "@/lib/validation/common";
import { mediaQuerySchema } from "@/lib/validation/public";

export const GET = publicRoute<{ videoId: string }>(async ({ req, params }) => {
  const videoId = idParam(params.videoId);
  const { g, h } = parseWith(mediaQuerySchema, { g: req.nextUrl.searchParams.get("g") ?? undefined, h: req.nextUrl.searchParams.get("h") ?? undefined });
  const res = NextResponse.redirect(await viewerStream({ gallery: g, videoId, fallback: h === "fallback", credentials: viewerCredentials(req) }), 302);
  res.headers.set("cache-control", "private, no-store");
  return res;
});

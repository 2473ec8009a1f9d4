// GET /api/public/stream/:videoId?g=<custom url or gallery id>[&h=fallback] (public) → 302 to a
// signed, expiring address of the film's MP4 (the fast-start copy; the original only when the
// gallery's Downloads are on), after the gallery gate. What the players' MP4 source points at.
import { NextResponse } from "next/server";
import { z } from "zod";
import { publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { viewerStream } from "@/lib/services/playback";
import { idSchema } from "@/lib/validation/common";
import { mediaQuerySchema } from "@/lib/validation/public";

export const GET = publicRoute({ params: z.object({ videoId: idSchema }), query: mediaQuerySchema }, async ({ req, params, query }) => {
  const res = NextResponse.redirect(await viewerStream({ gallery: query.g, videoId: params.videoId, fallback: query.h === "fallback", credentials: viewerCredentials(req) }), 302);
  res.headers.set("cache-control", "private, no-store");
  return res;
});

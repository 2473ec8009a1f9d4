// GET /api/public/stream/:videoId?g=<custom url or gallery id>[&v=<version>][&h=fallback] (public) → 302 to a
// signed, expiring address of the film's MP4, after the gallery gate: for a browser that may
// download (Downloads on, the PIN given), the fast-start copy or else the original; for any other,
// the fast-start copy only while the film has no HLS ladder yet (403 downloads_off / 401
// pin_required once it has one: it plays by HLS). What the players' MP4 source points at. `v`: an
// earlier version its studio kept, under the same rule (never in an unpaid gallery).
// Opened as a page (a link followed in a tab), a refusal sends the browser to the gallery at that film (refusalOpensGallery).
import { NextResponse } from "next/server";
import { refusalOpensGallery, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { viewerStream } from "@/lib/services/films";

export const GET = refusalOpensGallery(
  route(doors.publicGallery.stream, async ({ req, params, query }) => {
    const res = NextResponse.redirect(await viewerStream({ gallery: query.g, videoId: params.videoId, fallback: query.h === "fallback", credentials: viewerCredentials(req), version: query.v }), 302);
    res.headers.set("cache-control", "private, no-store");
    return res;
  }),
);

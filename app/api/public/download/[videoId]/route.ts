// GET /api/public/download/:videoId?g=<custom url or gallery id> (public) → 302 to a presigned GET
// of the original (valid 5 minutes, saved as "<title>.<ext>") when the gallery gate lets this
// browser in and the gallery's Downloads toggle is on; otherwise the gate's refusal, or 403.
// A download given is counted for the studio's insights (lib/services/guests/engagement.ts).
// Opened as a page (a link followed in a tab), a refusal sends the browser to the gallery at that film (refusalOpensGallery).
import { NextResponse } from "next/server";
import { refusalOpensGallery, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { browserViewer, downloadLink } from "@/lib/services/public";
import { recordEngagement, studioSessionsOf } from "@/lib/services/guests";
import { log } from "@/lib/log";
import { clientAddress } from "@/lib/security/client-ip";

export const GET = refusalOpensGallery(
  route(doors.publicGallery.download, async ({ req, params, query }) => {
    const credentials = viewerCredentials(req);
    const url = await downloadLink({ gallery: query.g, videoId: params.videoId, credentials });
    const res = NextResponse.redirect(url, 302);
    res.headers.set("cache-control", "private, no-store");
    // A film Download all resumes was counted when it started.
    if (query.resume) return res;
    const viewer = browserViewer(req.cookies);
    try {
      const sessions = await studioSessionsOf(req);
      await recordEngagement({
        gallery: query.g,
        videoId: params.videoId,
        ranges: [],
        event: "download",
        credentials,
        viewerId: viewer.id,
        address: clientAddress(req.headers),
        userAgent: req.headers.get("user-agent"),
        sessions,
      });
      viewer.remember(res);
    } catch (error) {
      // Counting must never cost the viewer the download.
      log().warn({ err: error }, "a download was not counted");
    }
    return res;
  }),
);

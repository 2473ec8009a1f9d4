// POST /api/public/engagement (public) { gallery | slug | galleryId, videoId, ranges: [[start, end], …],
// event?: "share" | "cast" } → 204: what a viewer's player played since its last report (every ~10 s
// while playing, and on pause, end and leaving the page), or a share or a cast. It passes the gallery
// gate, then waits in this process's buffer until the next flush (lib/services/guests/engagement.ts). Bots,
// the gallery's studio and super admins are answered 204 and not counted; so is what one client may
// not add (new viewers over its address's or the gallery's daily cap, play beyond the wall clock:
// lib/services/guests/engagement-limits.ts). The body is read up to
// ENGAGEMENT_BODY_MAX_BYTES (413 beyond). docs/api.md, "Engagement".
import { NextResponse } from "next/server";
import { errorBody } from "@/lib/error-codes";
import { jsonError, parseJsonText, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { recordEngagement, studioSessionsOf } from "@/lib/services/guests";
import { browserViewer } from "@/lib/services/public";
import { clientAddress } from "@/lib/security/client-ip";
import { ENGAGEMENT_BODY_MAX_BYTES, engagementSchema } from "@/lib/validation/engagement";

const tooLarge = () => jsonError(errorBody("payload_too_large", `A report is at most ${ENGAGEMENT_BODY_MAX_BYTES} bytes.`), 413);

export const POST = route(doors.publicGallery.engagement, async ({ req }) => {
  if (Number(req.headers.get("content-length") ?? 0) > ENGAGEMENT_BODY_MAX_BYTES) return tooLarge();
  const text = await req.text();
  if (text.length > ENGAGEMENT_BODY_MAX_BYTES) return tooLarge();
  const report = parseJsonText(text, engagementSchema);
  const viewer = browserViewer(req.cookies);
  await recordEngagement({
    ...report,
    credentials: viewerCredentials(req),
    viewerId: viewer.id,
    address: clientAddress(req.headers),
    userAgent: req.headers.get("user-agent"),
    sessions: await studioSessionsOf(req),
  });
  const res = new NextResponse(null, { status: 204 });
  res.headers.set("cache-control", "private, no-store");
  viewer.remember(res);
  return res;
});

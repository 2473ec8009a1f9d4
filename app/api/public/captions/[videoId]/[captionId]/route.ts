// GET /api/public/captions/:videoId/:captionId?g=<custom url or gallery id>&v=<version> (public) → a
// film's captions as WebVTT, after the gallery gate (a locked, expired or revoked gallery refuses
// them like its playlists). `v` only makes a new file a new address for caches.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { viewerCaptionText } from "@/lib/services/films";
import { VTT_CONTENT_TYPE } from "@/lib/services/films/rules/vtt";

export const GET = route(doors.publicGallery.captions, async ({ req, params, query }) => {
  const text = await viewerCaptionText({ gallery: query.g, videoId: params.videoId, captionId: params.captionId, credentials: viewerCredentials(req) });
  return new Response(text, { headers: { "content-type": VTT_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

// GET /api/public/captions/:videoId/:captionId?g=<custom url or gallery id>&v=<version> (public) → a
// film's captions as WebVTT, after the gallery gate (a locked, expired or revoked gallery refuses
// them like its playlists). `v` only makes a new file a new address for caches.
import { z } from "zod";
import { publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { viewerCaptionText, VTT_CONTENT_TYPE } from "@/lib/services/captions";
import { idSchema } from "@/lib/validation/common";
import { captionQuerySchema } from "@/lib/validation/public";

export const GET = publicRoute({ params: z.object({ videoId: idSchema, captionId: idSchema }), query: captionQuerySchema }, async ({ req, params, query }) => {
  const text = await viewerCaptionText({ gallery: query.g, videoId: params.videoId, captionId: params.captionId, credentials: viewerCredentials(req) });
  return new Response(text, { headers: { "content-type": VTT_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

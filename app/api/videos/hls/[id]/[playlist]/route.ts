// GET /api/videos/hls/:id/:playlist[?h=fallback] (studio, owner-scoped) → an HLS playlist of the
// studio's own video (the editor's player and preview, past password and expiry): the master names
// this door's variants, a variant names its segments by signed, expiring addresses.
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { PLAYLIST_CONTENT_TYPE, studioPlaylist } from "@/lib/services/playback";
import { idSchema } from "@/lib/validation/common";
import { hostQuerySchema } from "@/lib/validation/public";

export const GET = studioRoute({ params: z.object({ id: idSchema, playlist: z.string() }), query: hostQuerySchema }, async ({ params, query, actor }) => {
  const body = await studioPlaylist(actor, { videoId: params.id, name: params.playlist, fallback: query.h === "fallback" });
  return new Response(body, { headers: { "content-type": PLAYLIST_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

// GET /api/videos/hls/:id/:playlist[?h=fallback] (studio, owner-scoped) → an HLS playlist of the
// studio's own video (the editor's player and preview, past password and expiry): the master names
// this door's variants, a variant names its segments by signed, expiring addresses.
import { parseWith, studioRoute } from "@/lib/http";
import { PLAYLIST_CONTENT_TYPE, studioPlaylist } from "@/lib/services/playback";
import { idParam } from "@/lib/validation/common";
import { hostQuerySchema } from "@/lib/validation/public";

export const GET = studioRoute<{ id: string; playlist: string }>(async ({ req, params, actor }) => {
  const { h } = parseWith(hostQuerySchema, { h: req.nextUrl.searchParams.get("h") ?? undefined });
  const body = await studioPlaylist(actor, { videoId: idParam(params.id), name: params.playlist, fallback: h === "fallback" });
  return new Response(body, { headers: { "content-type": PLAYLIST_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

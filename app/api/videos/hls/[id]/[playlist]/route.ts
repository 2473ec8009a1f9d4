// GET /api/videos/hls/:id/:playlist[?v=<version>][&h=fallback] (studio, owner-scoped) → an HLS playlist of the
// studio's own video (the editor's player and preview, past password and expiry): the master names
// this door's variants, a variant names its segments by signed, expiring addresses.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { PLAYLIST_CONTENT_TYPE, studioPlaylist } from "@/lib/services/films";

export const GET = route(doors.videos.playlist, async ({ params, query, actor }) => {
  const body = await studioPlaylist(actor, { videoId: params.id, name: params.playlist, fallback: query.h === "fallback", version: query.v });
  return new Response(body, { headers: { "content-type": PLAYLIST_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

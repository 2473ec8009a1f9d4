// GET /api/public/hls/:videoId/:playlist?g=<custom url or gallery id>[&v=<version>][&h=fallback] (public) → an HLS
// playlist of the film (with `v`, of an earlier version its studio kept; never in an unpaid gallery), served by the app after the gallery gate: the master names this door's
// variant playlists, a variant names its segments by signed, expiring addresses (on the fallback
// host with h=fallback). Not cached: a lock, an expiry or a delete stops new playback at once.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { PLAYLIST_CONTENT_TYPE, viewerPlaylist } from "@/lib/services/films";

export const GET = route(doors.publicGallery.playlist, async ({ req, params, query }) => {
  const body = await viewerPlaylist({ gallery: query.g, videoId: params.videoId, name: params.playlist, fallback: query.h === "fallback", credentials: viewerCredentials(req), version: query.v });
  return new Response(body, { headers: { "content-type": PLAYLIST_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

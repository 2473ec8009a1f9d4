// GET /api/public/chapters/:videoId?g=<custom url or gallery id>&v=<version> (public) → the film's
// chapters as a WebVTT chapters track, after the gallery gate (like its playlists and captions). A
// track by address, not only inside the page's script: players that read <track> elements themselves
// (Safari's own HLS, AirPlay to a TV) show the chapters too. `v` changes with the chapters.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { viewerChaptersText } from "@/lib/services/films";
import { VTT_CONTENT_TYPE } from "@/lib/services/films/rules/vtt";

export const GET = route(doors.publicGallery.chapters, async ({ req, params, query }) => {
  const text = await viewerChaptersText({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req) });
  return new Response(text, { headers: { "content-type": VTT_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

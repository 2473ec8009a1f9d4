// GET /api/public/versions/:videoId?g=<custom url or gallery id> (public) → the film's versions a
// viewer may play, after the gallery gate: the current one and each earlier one its studio kept,
// with their playback through the playlist and stream doors (`v`); an unpaid gallery lists only
// the current one. What a guest's panel offers to play or compare.
import { privateJson, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { viewerVersions } from "@/lib/services/films";

export const GET = route(doors.publicGallery.versions, async ({ req, params, query }) =>
  privateJson(await viewerVersions({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req) })),
);

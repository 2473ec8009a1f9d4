// GET /api/videos/:videoId (studio, owner-scoped) → { video }: one film's status, renditions, versions and whether it plays.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { readFilm } from "@/lib/services/films";

export const GET = route(doors.videos.read, async ({ params, actor }) => readFilm(actor, params.videoId));

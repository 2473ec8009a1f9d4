// GET /api/videos/versions/:videoId (studio, owner-scoped) → { current, versions }: the film's current version and every earlier one kept, newest first.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { filmVersions } from "@/lib/services/films";

export const GET = route(doors.videos.versions, async ({ params, actor }) => filmVersions(actor, params.videoId));

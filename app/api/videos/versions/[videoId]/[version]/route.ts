// DELETE /api/videos/versions/:videoId/:version (studio, owner-scoped) → { message }: an earlier version's files go; its comments stay. The current one: 409 current_version.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteVersion } from "@/lib/services/films";

export const DELETE = route(doors.videos.removeVersion, async ({ params, actor }) => deleteVersion(actor, params.videoId, params.version));

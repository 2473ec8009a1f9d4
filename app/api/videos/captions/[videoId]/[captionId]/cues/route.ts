// PUT /api/videos/captions/:videoId/:captionId/cues { cues: [{ start, end, text }] } → { caption } (the cue editor)
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { saveCues } from "@/lib/services/films";

export const PUT = route(doors.captions.cues, async ({ params, body, actor }) => ({ caption: await saveCues(actor, params.videoId, params.captionId, body) }));

// GET /api/users/transcripts → { available, enabled } (the acting studio's own)
// PUT /api/users/transcripts { enabled } → { available, enabled }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { transcriptSettings, updateTranscriptSettings } from "@/lib/services/films";

export const GET = route(doors.transcripts.settings, async ({ actor }) => transcriptSettings(actor));

export const PUT = route(doors.transcripts.setSettings, async ({ body, actor }) => updateTranscriptSettings(actor, body));

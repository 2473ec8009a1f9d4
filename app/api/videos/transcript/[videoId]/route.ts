// GET  /api/videos/transcript/:videoId → { available, enabled, transcript } (the captions panel)
// POST /api/videos/transcript/:videoId → 202 { transcript } (transcribe the film, or again)
import { route, json } from "@/lib/http";
import { doors } from "@/lib/contract";
import { filmTranscript, requestTranscript } from "@/lib/services/films";

export const GET = route(doors.transcripts.get, async ({ params, actor }) => filmTranscript(actor, params.videoId));

export const POST = route(doors.transcripts.request, async ({ params, actor }) => json({ transcript: await requestTranscript(actor, params.videoId) }, 202));

// GET  /api/videos/captions/:videoId → { captions } (the default first, then by label)
// POST /api/videos/captions/:videoId?language=<code>[&label=][&default=true|false], body: the SRT or
//      WebVTT file (at most CAPTION_MAX_BYTES) → 201 { caption }, or 200 when the film already had
//      captions in that language (the new file replaces them). A file that is not valid captions is a
//      400 naming what is wrong (which caption, which line); nothing is stored then.
import { json, payloadTooLarge, readBodyCapped, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listCaptions, uploadCaption } from "@/lib/services/films";
import { CAPTION_MAX_BYTES } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

export const GET = route(doors.captions.list, async ({ params, actor }) => ({ captions: await listCaptions(actor, params.videoId) }));

export const POST = route(doors.captions.upload, async ({ req, params, query, actor }) => {
  const bytes = await readBodyCapped(req, CAPTION_MAX_BYTES);
  if (bytes === null) return payloadTooLarge(TEXTS.captions.tooLarge);
  const { caption, created } = await uploadCaption(actor, params.videoId, query, bytes);
  return json({ caption }, created ? 201 : 200);
});

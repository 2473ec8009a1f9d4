// GET  /api/videos/captions/:videoId → { captions } (the default first, then by label)
// POST /api/videos/captions/:videoId?language=<code>[&label=][&default=true|false], body: the SRT or
//      WebVTT file (at most CAPTION_MAX_BYTES) → 201 { caption }, or 200 when the film already had
//      captions in that language (the new file replaces them). A file that is not valid captions is a
//      400 naming what is wrong (which caption, which line); nothing is stored then.
import { z } from "zod";
import { json, payloadTooLarge, readBodyCapped, studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { captionUploadSchema } from "@/lib/validation/captions";
import { listCaptions, uploadCaption } from "@/lib/services/captions";
import { CAPTION_MAX_BYTES } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

const params = z.object({ videoId: idSchema });

export const GET = studioRoute({ params }, async ({ params, actor }) => ({ captions: await listCaptions(actor, params.videoId) }));

export const POST = studioRoute({ params, query: captionUploadSchema }, async ({ req, params, query, actor }) => {
  const bytes = await readBodyCapped(req, CAPTION_MAX_BYTES);
  if (bytes === null) return payloadTooLarge(TEXTS.captions.tooLarge);
  const { caption, created } = await uploadCaption(actor, params.videoId, query, bytes);
  return json({ caption }, created ? 201 : 200);
});

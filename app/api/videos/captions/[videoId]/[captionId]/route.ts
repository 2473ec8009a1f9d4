// GET    /api/videos/captions/:videoId/:captionId → the WebVTT file (the studio's own player)
// PATCH  /api/videos/captions/:videoId/:captionId { label?, isDefault? } → { caption }
// DELETE /api/videos/captions/:videoId/:captionId → { message }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { captionUpdateSchema } from "@/lib/validation/captions";
import { deleteCaption, studioCaptionText, updateCaption, VTT_CONTENT_TYPE } from "@/lib/services/captions";

const params = z.object({ videoId: idSchema, captionId: idSchema });

export const GET = studioRoute({ params }, async ({ params, actor }) => {
  const text = await studioCaptionText(actor, params.videoId, params.captionId);
  return new Response(text, { headers: { "content-type": VTT_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

export const PATCH = studioRoute({ params, body: captionUpdateSchema }, async ({ params, body, actor }) => ({
  caption: await updateCaption(actor, params.videoId, params.captionId, body),
}));

export const DELETE = studioRoute({ params }, async ({ params, actor }) => deleteCaption(actor, params.videoId, params.captionId));

// GET    /api/videos/captions/:videoId/:captionId → the WebVTT file (the studio's own player)
// PATCH  /api/videos/captions/:videoId/:captionId { label?, isDefault? } → { caption }
// DELETE /api/videos/captions/:videoId/:captionId → { message }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteCaption, studioCaptionText, updateCaption } from "@/lib/services/films";
import { VTT_CONTENT_TYPE } from "@/lib/services/films/rules/vtt";

export const GET = route(doors.captions.file, async ({ params, actor }) => {
  const text = await studioCaptionText(actor, params.videoId, params.captionId);
  return new Response(text, { headers: { "content-type": VTT_CONTENT_TYPE, "cache-control": "private, no-store" } });
});

export const PATCH = route(doors.captions.update, async ({ params, body, actor }) => ({
  caption: await updateCaption(actor, params.videoId, params.captionId, body),
}));

export const DELETE = route(doors.captions.remove, async ({ params, actor }) => deleteCaption(actor, params.videoId, params.captionId));

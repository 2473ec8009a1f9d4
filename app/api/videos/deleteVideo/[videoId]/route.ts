// DELETE /api/videos/deleteVideo/:videoId — the row, its chapters and its objects → { message }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { deleteVideo } from "@/lib/services/videos";

export const DELETE = studioRoute({ params: z.object({ videoId: idSchema }) }, async ({ params, actor }) => deleteVideo(actor, params.videoId));

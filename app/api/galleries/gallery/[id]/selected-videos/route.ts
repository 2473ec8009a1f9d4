import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { getSelectedVideos, setSelectedVideos } from "@/lib/services/showcase";
import { idSchema } from "@/lib/validation/common";
import { selectedVideosSchema } from "@/lib/validation/galleries";

const idPath = z.object({ id: idSchema });

// GET /api/galleries/gallery/:id/selected-videos
export const GET = studioRoute({ params: idPath }, ({ params, actor }) => getSelectedVideos(actor, params.id));

// PUT /api/galleries/gallery/:id/selected-videos
export const PUT = studioRoute({ params: idPath, body: selectedVideosSchema }, async ({ params, body, actor }) => ({
  selectedVideos: await setSelectedVideos(actor, params.id, body.selectedVideoIds),
}));

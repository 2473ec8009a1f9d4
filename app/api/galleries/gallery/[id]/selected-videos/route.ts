import { parseJson, studioRoute } from "@/lib/http";
import { getSelectedVideos, setSelectedVideos } from "@/lib/services/showcase";
import { selectedVideosSchema } from "@/lib/validation/galleries";

type P = { id: string };

// GET /api/galleries/gallery/:id/selected-videos
export const GET = studioRoute<P>(({ params, actor }) => getSelectedVideos(actor, params.id));

// PUT /api/galleries/gallery/:id/selected-videos
export const PUT = studioRoute<P>(async ({ req, params, actor }) => {
  const { selectedVideoIds } = await parseJson(req, selectedVideosSchema);
  return { selectedVideos: await setSelectedVideos(actor, params.id, selectedVideoIds) };
});

import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { getSelectedVideos, setSelectedVideos } from "@/lib/services/galleries";

// GET /api/galleries/gallery/:id/selected-videos
export const GET = route(doors.galleries.selectedVideos, ({ params, actor }) => getSelectedVideos(actor, params.id));

// PUT /api/galleries/gallery/:id/selected-videos
export const PUT = route(doors.galleries.setSelectedVideos, async ({ params, body, actor }) => ({
  selectedVideos: await setSelectedVideos(actor, params.id, body.selectedVideoIds),
}));

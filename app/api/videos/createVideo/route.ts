// POST /api/videos/createVideo — { title, url, galleryId } → the video
import { studioRoute } from "@/lib/http";
import { createVideoSchema } from "@/lib/validation/uploads";
import { createVideo } from "@/lib/services/videos";

export const POST = studioRoute({ body: createVideoSchema }, async ({ body, actor }) => createVideo(actor, body));

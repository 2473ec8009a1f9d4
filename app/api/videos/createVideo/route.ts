// POST /api/videos/createVideo — { title, url, galleryId } → the video
import { studioRoute, parseJson } from "@/lib/http";
import { createVideoSchema } from "@/lib/validation/uploads";
import { createVideo } from "@/lib/services/videos";

export const POST = studioRoute(async ({ req, actor }) => createVideo(actor, await parseJson(req, createVideoSchema)));

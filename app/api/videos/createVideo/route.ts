// POST /api/videos/createVideo — { title, url, galleryId } → the video
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createVideo } from "@/lib/services/films";

export const POST = route(doors.videos.create, async ({ body, actor }) => createVideo(actor, body));

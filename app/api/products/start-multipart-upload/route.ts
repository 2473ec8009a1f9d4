// POST /api/products/start-multipart-upload?fileName&fileType&fileSize&galleryId[&replaceVideoId] → { uploadId, fileName (key), partSize, partCount }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { startVideoUpload } from "@/lib/services/films";

export const POST = route(doors.uploads.start, async ({ query, actor }) => startVideoUpload(actor, query));

// POST /api/products/start-multipart-upload?fileName&fileType&fileSize&galleryId[&replaceVideoId] → { uploadId, fileName (key), partSize, partCount }
import { studioRoute } from "@/lib/http";
import { startMultipartSchema } from "@/lib/validation/uploads";
import { startVideoUpload } from "@/lib/services/upload-videos";

export const POST = studioRoute({ query: startMultipartSchema }, async ({ query, actor }) => startVideoUpload(actor, query));

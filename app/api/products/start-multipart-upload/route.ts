// POST /api/products/start-multipart-upload?fileName&fileType&fileSize&galleryId[&replaceVideoId] → { uploadId, fileName (key), partSize, partCount }
import { studioRoute, parseWith } from "@/lib/http";
import { startMultipartSchema } from "@/lib/validation/uploads";
import { startVideoUpload } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => startVideoUpload(actor, parseWith(startMultipartSchema, Object.fromEntries(req.nextUrl.searchParams))));

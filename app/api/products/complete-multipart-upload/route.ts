// POST /api/products/complete-multipart-upload — { fileName, uploadId, parts[{ ETag, PartNumber }], title? } → { video }
import { studioRoute, parseJson } from "@/lib/http";
import { completeMultipartSchema } from "@/lib/validation/uploads";
import { completeVideoUpload } from "@/lib/services/uploads";
import { videoView } from "@/lib/services/videos";

export const POST = studioRoute(async ({ req, actor }) => {
  const { video } = await completeVideoUpload(actor, await parseJson(req, completeMultipartSchema));
  return { video: videoView(video) };
});

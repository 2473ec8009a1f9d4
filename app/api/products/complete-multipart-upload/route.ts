// POST /api/products/complete-multipart-upload — { fileName, uploadId, parts[{ ETag, PartNumber }], title? } → { video }
import { studioRoute } from "@/lib/http";
import { completeMultipartSchema } from "@/lib/validation/uploads";
import { completeVideoUpload } from "@/lib/services/upload-videos";
import { videoView } from "@/lib/services/videos";

export const POST = studioRoute({ body: completeMultipartSchema }, async ({ body, actor }) => {
  const { video } = await completeVideoUpload(actor, body);
  return { video: videoView(video) };
});

// POST /api/products/complete-multipart-upload — { fileName, uploadId, parts[{ ETag, PartNumber }], title? } → { video }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { completeVideoUpload, videoView } from "@/lib/services/films";

export const POST = route(doors.uploads.complete, async ({ body, actor }) => {
  const { video } = await completeVideoUpload(actor, body);
  return { video: videoView(video) };
});

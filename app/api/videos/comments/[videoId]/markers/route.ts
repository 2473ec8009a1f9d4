// GET /api/videos/comments/:videoId/markers?format=csv|edl|fcpxml|xml[&version=N] → the version's
// review comments as an editor's markers file (an attachment).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { attachmentDisposition } from "@/lib/services/public/rules/archive-names";
import { commentMarkers } from "@/lib/services/review";

export const GET = route(doors.comments.markers, async ({ params, query, actor }) => {
  const file = await commentMarkers(actor, params.videoId, query.format, query.version);
  return new Response(file.body, {
    headers: { "content-type": file.contentType, "content-disposition": attachmentDisposition(file.fileName), "cache-control": "private, no-store", "x-content-type-options": "nosniff" },
  });
});

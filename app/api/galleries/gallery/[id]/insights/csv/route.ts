import { route } from "@/lib/http";
import { attachmentDisposition } from "@/lib/services/public/rules/archive-names";
import { doors } from "@/lib/contract";
import { galleryInsightsCsv } from "@/lib/services/guests";

// GET /api/galleries/gallery/:id/insights/csv → text/csv attachment, one row per viewer and film (streamed)
export const GET = route(doors.insights.csv, async ({ params, actor }) => {
  const { fileName, body } = await galleryInsightsCsv(actor, params.id);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachmentDisposition(fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
});

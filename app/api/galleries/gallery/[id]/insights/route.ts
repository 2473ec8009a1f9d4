import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { galleryInsights } from "@/lib/services/guests";

// GET /api/galleries/gallery/:id/insights?page=&pageSize=&sort=recent|name → { insights: { gallery, totals, films, viewers } }
export const GET = route(doors.insights.gallery, async ({ params, query, actor }) => ({ insights: await galleryInsights(actor, params.id, query) }));

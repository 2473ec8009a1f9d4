import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { galleryInsights } from "@/lib/services/insights";
import { idSchema } from "@/lib/validation/common";
import { insightsQuerySchema } from "@/lib/validation/insights";

const idPath = z.object({ id: idSchema });

// GET /api/galleries/gallery/:id/insights?page=&pageSize=&sort=recent|name → { insights: { gallery, totals, films, viewers } }
export const GET = studioRoute({ params: idPath, query: insightsQuerySchema }, async ({ params, query, actor }) => ({ insights: await galleryInsights(actor, params.id, query) }));

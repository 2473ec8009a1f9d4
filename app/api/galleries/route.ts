// GET /api/galleries?folderId=&status=&cursor=&limit= (studio) → { galleries, next }: the studio's own galleries, newest first.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listGalleries } from "@/lib/services/galleries";

export const GET = route(doors.galleries.list, async ({ query, actor }) => listGalleries(actor, query));

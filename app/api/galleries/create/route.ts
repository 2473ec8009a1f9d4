import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createGallery } from "@/lib/services/galleries";

// POST /api/galleries/create
export const POST = route(doors.galleries.create, async ({ body, actor }) => json(await createGallery(actor, body), 201));

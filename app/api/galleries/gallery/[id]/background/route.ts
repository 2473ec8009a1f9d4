// PUT /api/galleries/gallery/:id/background — one of { imgUrl | videoUrl | musicUrl } (null removes) → { backgroundMedia }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { setBackground } from "@/lib/services/galleries";

export const PUT = route(doors.galleries.background, async ({ params, body, actor }) => setBackground(actor, params.id, body));

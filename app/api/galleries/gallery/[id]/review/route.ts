// GET /api/galleries/gallery/:id/review → { review }: the gallery's stage and every film's versions,
// state, decisions and open comments. PUT { mode?, unlockOnApproval?, revisionRounds? } → { review }.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { galleryReview, updateReviewSettings } from "@/lib/services/review";

export const GET = route(doors.review.get, async ({ params, actor }) => ({ review: await galleryReview(actor, params.id) }));

export const PUT = route(doors.review.update, async ({ params, body, actor }) => ({ review: await updateReviewSettings(actor, params.id, body) }));

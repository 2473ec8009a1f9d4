// POST /api/payments/local/gallery/:sessionId/cancel (public) → { url } back to the gallery: the test
// provider's Cancel; nothing is charged (PAYMENTS_PROVIDER=test only; 404 otherwise).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { cancelLocalGalleryCheckout } from "@/lib/services/money";

export const POST = route(doors.delivery.localCancel, async ({ params }) => cancelLocalGalleryCheckout(params.sessionId));

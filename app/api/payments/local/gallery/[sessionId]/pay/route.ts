// POST /api/payments/local/gallery/:sessionId/pay (public) { email? } → { url } back to the gallery:
// the test provider's checkout of a guest's payment, completed as Stripe's webhook completes one
// (PAYMENTS_PROVIDER=test only; 404 otherwise).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { payLocalGalleryCheckout } from "@/lib/services/money";

export const POST = route(doors.delivery.localPay, async ({ params, body }) => payLocalGalleryCheckout(params.sessionId, body.email ?? null));

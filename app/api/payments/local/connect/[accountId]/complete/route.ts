// POST /api/payments/local/connect/:accountId/complete → { connect }: the test provider's setup
// page's Finish (PAYMENTS_PROVIDER=test only; another studio's account, or none: 404).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { completeLocalOnboarding } from "@/lib/services/money";

export const POST = route(doors.payments.localConnectComplete, async ({ params, actor }) => ({ connect: await completeLocalOnboarding(actor, params.accountId) }));

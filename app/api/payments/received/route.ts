// GET /api/payments/received?from=YYYY-MM-DD&to=YYYY-MM-DD&status=all|paid|refunded (a studio) →
// { payments: [{ id, at, galleryId, galleryName, payer, amount, currency, fee, net, status,
// refundedAt, via }], totals: [{ month, currency, count, amount, fee, net, refunded }] }; 400 for a
// bad day, period or status. The same payments as CSV: ./csv/route.ts.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { paymentsReceived } from "@/lib/services/money";

export const dynamic = "force-dynamic";

export const GET = route(doors.payments.received, async ({ actor, query }) => {
  const res = json(await paymentsReceived(actor, query));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

// GET /api/payments/received/csv?from=&to=&status= (a studio) → the payments of ../route.ts as a CSV
// attachment for an accountant (amounts in major units; the house's CSV rules against formulas).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { paymentsReceived, paymentsReceivedCsv } from "@/lib/services/money";

export const dynamic = "force-dynamic";

export const GET = route(doors.payments.receivedCsv, async ({ actor, query }) => {
  const { payments } = await paymentsReceived(actor, query);
  const name = `vidfolio-payments${query.from ? `-from-${query.from}` : ""}${query.to ? `-to-${query.to}` : ""}.csv`;
  return new Response(paymentsReceivedCsv(payments), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"`, "cache-control": "private, no-store" },
  });
});

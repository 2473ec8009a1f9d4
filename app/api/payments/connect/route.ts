// GET /api/payments/connect → { connect }: the studio's own payment account and what it allows.
// POST /api/payments/connect → { url }: where the studio fills in its details (Paid delivery: its clients pay the studio).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { payoutState, startOnboarding } from "@/lib/services/money";

export const GET = route(doors.payments.connectState, async ({ actor }) => ({ connect: await payoutState(actor) }));

export const POST = route(doors.payments.connectStart, async ({ actor }) => startOnboarding(actor));

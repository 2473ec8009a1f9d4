// GET /api/galleries/awaiting-payment → { galleries }: the studio's galleries with something still due.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { awaitingPayment } from "@/lib/services/money";

export const GET = route(doors.delivery.awaiting, async ({ actor }) => ({ galleries: await awaitingPayment(actor) }));

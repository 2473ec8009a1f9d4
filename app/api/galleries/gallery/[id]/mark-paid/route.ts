// POST /api/galleries/gallery/:id/mark-paid → { price }: paid by hand (cash, a transfer), audited.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { markPaid } from "@/lib/services/money";

export const POST = route(doors.delivery.markPaid, async ({ params, actor }) => ({ price: await markPaid(actor, params.id) }));

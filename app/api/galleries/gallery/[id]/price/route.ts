// GET /api/galleries/gallery/:id/price → { price }: the price, the paid state and the checkouts.
// PUT { amount, currency, deposit?, dueDate?, payToUnlock, reopen? } → { price } (409 gallery_paid:
// a paid gallery without reopen). DELETE [?reopen=true] → { price }: no price any more.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { galleryPrice, removePrice, setPrice } from "@/lib/services/money";

export const GET = route(doors.delivery.price, async ({ params, actor }) => ({ price: await galleryPrice(actor, params.id) }));

export const PUT = route(doors.delivery.setPrice, async ({ params, body, actor }) => ({ price: await setPrice(actor, params.id, body) }));

export const DELETE = route(doors.delivery.removePrice, async ({ params, query, actor }) => ({ price: await removePrice(actor, params.id, query.reopen) }));

// PUT | DELETE /api/customers/:customerId/galleries/:galleryId: link a gallery to a customer (moving it) or unlink it.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { linkGallery, unlinkGallery } from "@/lib/services/customers";
import { TEXTS } from "@/lib/texts";

export const PUT = route(doors.customers.link, async ({ actor, params }) => ({ customer: await linkGallery(actor, params.customerId, params.galleryId) }));

export const DELETE = route(doors.customers.unlink, async ({ actor, params }) => {
  await unlinkGallery(actor, params.customerId, params.galleryId);
  return { message: TEXTS.customers.unlinked };
});

// GET | PATCH | DELETE /api/customers/:customerId: one of the studio's customers (another studio's: 404).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteCustomer, getCustomer, updateCustomer } from "@/lib/services/customers";
import { TEXTS } from "@/lib/texts";

export const GET = route(doors.customers.get, async ({ actor, params }) => getCustomer(actor, params.customerId));

export const PATCH = route(doors.customers.update, async ({ actor, params, body }) => ({ customer: await updateCustomer(actor, params.customerId, body) }));

export const DELETE = route(doors.customers.remove, async ({ actor, params }) => {
  await deleteCustomer(actor, params.customerId);
  return { message: TEXTS.customers.deleted };
});

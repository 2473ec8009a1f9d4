// GET /api/customers?q=&cursor=&limit= → { customers, next }; POST /api/customers → 201 { customer }.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createCustomer, listCustomers } from "@/lib/services/customers";

export const GET = route(doors.customers.list, async ({ actor, query }) => listCustomers(actor, query));

export const POST = route(doors.customers.create, async ({ actor, body }) => json({ customer: await createCustomer(actor, body) }, 201));

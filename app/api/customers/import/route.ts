// POST /api/customers/import { csv } → { created, refused: [{ row, reason }] }.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { importCustomers } from "@/lib/services/customers";

export const POST = route(doors.customers.import, async ({ actor, body }) => importCustomers(actor, body.csv));

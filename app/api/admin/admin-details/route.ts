// GET /api/admin/admin-details — the signed-in account (never its password hash).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { adminDetails } from "@/lib/services/access";

export const GET = route(doors.accounts.details, async ({ actor }) => ({ admin: adminDetails(actor) }));

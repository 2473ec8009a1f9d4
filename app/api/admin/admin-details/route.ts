// GET /api/admin/admin-details — the signed-in account (never its password hash).
import { actorRoute } from "@/lib/http";
import { adminDetails } from "@/lib/services/accounts";

export const GET = actorRoute(async ({ actor }) => ({ admin: adminDetails(actor) }));

// GET /api/admin/all-admin?q&page&pageSize — super admin only → { admins, total, page, pageSize }
import { superadminRoute, parseWith } from "@/lib/http";
import { clientListQuerySchema } from "@/lib/validation/accounts";
import { listClients } from "@/lib/services/clients";

export const GET = superadminRoute(async ({ req, actor }) => {
  const query = parseWith(clientListQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
  return listClients(actor, query);
});

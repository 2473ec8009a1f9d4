// GET /api/admin/all-admin?q&page&pageSize — super admin only → { admins, total, page, pageSize }
import { superadminRoute } from "@/lib/http";
import { clientListQuerySchema } from "@/lib/validation/accounts";
import { listClients } from "@/lib/services/clients";

export const GET = superadminRoute({ query: clientListQuerySchema }, async ({ query, actor }) => listClients(actor, query));

// GET /api/admin/all-admin?q&page&pageSize — super admin only → { admins, total, page, pageSize }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listClients } from "@/lib/services/platform";

export const GET = route(doors.accounts.clients, async ({ query, actor }) => listClients(actor, query));

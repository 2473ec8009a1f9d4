// DELETE /api/admin/deleteAdmin/:id — super admin only; removes the account, its rows and objects.
import { superadminRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { deleteClient } from "@/lib/services/clients";

export const DELETE = superadminRoute<{ id: string }>(async ({ params, actor }) => deleteClient(actor, idParam(params.id)));

// DELETE /api/admin/deleteAdmin/:id — super admin only; removes the account, its rows and objects.
import { z } from "zod";
import { superadminRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { deleteClient } from "@/lib/services/clients";

export const DELETE = superadminRoute({ params: z.object({ id: idSchema }) }, async ({ params, actor }) => deleteClient(actor, params.id));

// DELETE /api/admin/deleteAdmin/:id — super admin only; removes the account, its rows and objects.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteClient } from "@/lib/services/platform";

export const DELETE = route(doors.accounts.deleteClient, async ({ params, actor }) => deleteClient(actor, params.id));

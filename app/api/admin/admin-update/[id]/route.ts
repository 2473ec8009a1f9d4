// PUT /api/admin/admin-update/:id — { obj: { editable client fields; credits in MB } } → { admin }
import { superadminRoute, parseJson } from "@/lib/http";
import { adminUpdateBodySchema } from "@/lib/validation/accounts";
import { idParam } from "@/lib/validation/common";
import { updateClient } from "@/lib/services/clients";

export const PUT = superadminRoute<{ id: string }>(async ({ req, params, actor }) => {
  const id = idParam(params.id);
  const { obj } = await parseJson(req, adminUpdateBodySchema);
  return { admin: await updateClient(actor, id, obj) };
});

// PUT /api/admin/admin-update/:id
//   super admin: { obj: { editable client fields; credits in MB } } → { admin }
//   studio, own id only: { obj: { companyName?, websiteUrl?, socialLinks?, companyLogoUrl?, companyFaviconUrl? } } → { admin }
import { actorRoute, parseJson } from "@/lib/http";
import { adminUpdateBodySchema } from "@/lib/validation/accounts";
import { brandingBodySchema } from "@/lib/validation/branding";
import { idParam } from "@/lib/validation/common";
import { forbidden } from "@/lib/errors";
import { updateClient } from "@/lib/services/clients";
import { updateBranding } from "@/lib/services/branding";

export const PUT = actorRoute<{ id: string }>(async ({ req, params, actor }) => {
  const id = idParam(params.id);
  if (actor.role === "superadmin") {
    const { obj } = await parseJson(req, adminUpdateBodySchema);
    return { admin: await updateClient(actor, id, obj) };
  }
  if (id !== actor.id) throw forbidden();
  const { obj } = await parseJson(req, brandingBodySchema);
  return { admin: await updateBranding(actor, obj) };
});

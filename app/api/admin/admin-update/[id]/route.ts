// PUT /api/admin/admin-update/:id
//   super admin: { obj: { editable client fields; credits in MB } } → { admin }
//   studio, own id only (another id → 404): { obj: { companyName?, websiteUrl?, socialLinks?, companyLogoUrl?, companyFaviconUrl? } } → { admin }
import { parseJson, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { adminUpdateBodySchema } from "@/lib/validation/accounts";
import { brandingBodySchema } from "@/lib/validation/branding";
import { updateClient } from "@/lib/services/platform";
import { updateBranding } from "@/lib/services/studio";

export const PUT = route(doors.accounts.update, async ({ req, params, actor }) => {
  if (actor.role === "superadmin") {
    const { obj } = await parseJson(req, adminUpdateBodySchema);
    return { admin: await updateClient(actor, params.id, obj) };
  }
  const { obj } = await parseJson(req, brandingBodySchema);
  return { admin: await updateBranding(actor, obj) };
});

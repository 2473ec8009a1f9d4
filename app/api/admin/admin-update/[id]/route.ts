// PUT /api/admin/admin-update/:id
//   super admin: { obj: { editable client fields; credits in MB } } → { admin }
//   studio, own id only (another id → 404): { obj: { companyName?, websiteUrl?, socialLinks?, companyLogoUrl?, companyFaviconUrl? } } → { admin }
import { z } from "zod";
import { actorRoute, parseJson } from "@/lib/http";
import { adminUpdateBodySchema } from "@/lib/validation/accounts";
import { brandingBodySchema } from "@/lib/validation/branding";
import { idSchema } from "@/lib/validation/common";
import { updateClient } from "@/lib/services/clients";
import { updateBranding } from "@/lib/services/branding";

export const PUT = actorRoute({ params: z.object({ id: idSchema }), self: "id" }, async ({ req, params, actor }) => {
  if (actor.role === "superadmin") {
    const { obj } = await parseJson(req, adminUpdateBodySchema);
    return { admin: await updateClient(actor, params.id, obj) };
  }
  const { obj } = await parseJson(req, brandingBodySchema);
  return { admin: await updateBranding(actor, obj) };
});

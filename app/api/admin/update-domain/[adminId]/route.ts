// PUT /api/admin/update-domain/:adminId { domainurl: "gallery.studio.com" | null } → { domainurl, message }
// A studio changes its own domain only (403 otherwise), a super admin any studio's; 409 when another
// studio uses the domain; 400 for a malformed one.
import { actorRoute, parseJson } from "@/lib/http";
import { updateDomain } from "@/lib/services/domains";
import { idParam } from "@/lib/validation/common";
import { updateDomainSchema } from "@/lib/validation/domains";
import { TEXTS } from "@/lib/texts";

export const PUT = actorRoute<{ adminId: string }>(async ({ req, params, actor }) => {
  const adminId = idParam(params.adminId);
  const { domainurl } = await parseJson(req, updateDomainSchema);
  const result = await updateDomain(actor, adminId, domainurl);
  return { ...result, message: result.domainurl ? TEXTS.domain.added : TEXTS.domain.removed };
});

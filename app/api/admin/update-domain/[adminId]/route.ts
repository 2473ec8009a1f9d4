// PUT /api/admin/update-domain/:adminId { domainurl: "gallery.studio.com" | null }
//   → { domainurl, status: none | pending | verified | wrong-target, message, records[], checkedAt }
// A studio changes its own domain only (403 otherwise), a super admin any studio's. A new domain is
// pending until its TXT record is seen (it never routes before); 400 for a malformed one or one of
// the app's own hosts. null removes it.
import { actorRoute, parseJson } from "@/lib/http";
import { updateDomain } from "@/lib/services/domains";
import { idParam } from "@/lib/validation/common";
import { updateDomainSchema } from "@/lib/validation/domains";
import { TEXTS } from "@/lib/texts";

export const PUT = actorRoute<{ adminId: string }>(async ({ req, params, actor }) => {
  const adminId = idParam(params.adminId);
  const { domainurl } = await parseJson(req, updateDomainSchema);
  const state = await updateDomain(actor, adminId, domainurl);
  return domainurl ? state : { ...state, message: TEXTS.domain.removed };
});

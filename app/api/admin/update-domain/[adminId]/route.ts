// PUT /api/admin/update-domain/:adminId { domainurl: "gallery.studio.com" | null }
//   → { domainurl, status: none | pending | verified | wrong-target, message, records[], checkedAt }
// A studio changes its own domain only (another id → 404), a super admin any studio's. A new domain
// is pending until its TXT record is seen (it never routes before); 400 for a malformed one or one
// of the app's own hosts. null removes it.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateDomain } from "@/lib/services/studio";
import { TEXTS } from "@/lib/texts";

export const PUT = route(doors.domains.update, async ({ params, body }) => {
  const state = await updateDomain(params.adminId, body.domainurl);
  return body.domainurl ? state : { ...state, message: TEXTS.domain.removed };
});

// POST /api/admin/check-domain (studio) → the domain's state after looking it up in DNS now:
// { domainurl, status: pending | verified | wrong-target, message, records[], checkedAt }. The TXT
// record `_vidfolio.<domain>` with the studio's token verifies a pending domain; the CNAME decides
// between verified and wrong target. 400 without a domain; 409 when another studio proved the same
// domain at the same instant.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { checkOwnDomain } from "@/lib/services/studio";

export const POST = route(doors.domains.check, async ({ actor }) => checkOwnDomain(actor));

// POST /api/admin/check-domain (studio) → { status: ok | wrong-target | missing | timeout | error,
// domain, target, found[], message }: whether the studio's domain has its CNAME at the gallery host.
import { studioRoute } from "@/lib/http";
import { checkOwnDomain } from "@/lib/services/domains";

export const POST = studioRoute(async ({ actor }) => checkOwnDomain(actor));

// GET /api/domains/ask?domain=gallery.studio.com (public) → 200 { domain } when it is a verified
// custom domain of an Active studio, else 404 { code: "not_found", message }; 400 for a malformed name. The question a
// TLS terminator asks before issuing a certificate on demand (Caddy's `on_demand_tls { ask … }`,
// docs/operations.md). Answers are cached in the process; a miss is one indexed lookup.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { notFound } from "@/lib/errors";
import { isServedDomain } from "@/lib/services/studio";

export const GET = route(doors.domains.ask, async ({ query: { domain } }) => {
  if (!(await isServedDomain(domain))) throw notFound();
  return { domain };
});

// A studio's custom domain.
import { z } from "zod";
import { door } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { nullableDate } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { askDomainSchema, updateDomainSchema } from "@/lib/validation/domains";

const TAG = "Domains";

/** What Account → Domain shows (lib/services/studio/domains.ts builds it): one state, its message, and the two records to create. */
const domainStateShape = z.object({
  domainurl: z.string().nullable(),
  status: z.enum(["none", "pending", "verified", "wrong-target"]),
  message: z.string(),
  records: z.array(z.object({ type: z.enum(["CNAME", "TXT"]), name: z.string(), value: z.string().meta({ examples: ["galleries.vidfolio.app"] }) })),
  checkedAt: nullableDate,
});
export type DomainState = z.output<typeof domainStateShape>;
export type DomainStatus = DomainState["status"];
export type DomainRecord = DomainState["records"][number];

export const domains = {
  update: door({
    method: "PUT",
    path: "/api/admin/update-domain/:adminId",
    who: "actor",
    scope: "none",
    params: z.object({ adminId: idSchema }),
    self: "adminId",
    body: updateDomainSchema,
    answer: domainStateShape,
    errors: ["domain_taken"],
    summary: "Set or remove the studio's custom domain (pending until its TXT record is seen)",
    tag: TAG,
    example: { domainurl: "gallery.studio.com" },
  }),
  check: door({
    method: "POST",
    path: "/api/admin/check-domain",
    who: "studio",
    answer: domainStateShape,
    errors: ["validation", "domain_taken"],
    summary: "Look the studio's domain up in DNS now",
    tag: TAG,
  }),
  ask: door({
    method: "GET",
    path: OPEN_PATHS.domainAsk,
    who: "public",
    query: askDomainSchema,
    answer: z.object({ domain: z.string() }),
    errors: ["not_found"],
    summary: "Whether a host is a verified studio domain (a TLS terminator's question)",
    tag: TAG,
  }),
};

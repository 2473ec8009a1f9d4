// A studio's own domain as the API shows it: built by lib/services/domains.ts, shown by Account →
// Domain.
export type DomainStatus = "none" | "pending" | "verified" | "wrong-target";
export type DomainRecord = { type: "CNAME" | "TXT"; name: string; value: string };
/** What the domain page shows: one state, its message, and the two records to create. */
export type DomainState = { domainurl: string | null; status: DomainStatus; message: string; records: DomainRecord[]; checkedAt: string | null };

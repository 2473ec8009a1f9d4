// A studio's custom gallery domain (spec §2 Domain setting), with proof of ownership.
//
//   none ─(add)─▶ pending ─(TXT _vidfolio.<domain> = the studio's token seen)─▶ verified
//                                                                                 │ CNAME elsewhere
//                                                                                 ▼
//                                                                           wrong target
//
// Only a verified domain routes (Admin.domainUrl, unique); a claim (Admin.domainClaim) is pending and
// never unique, so a squatter's claim cannot block the real owner. The studio that proves the domain
// takes it: other pending claims of it are dropped (and a studio that had verified it earlier loses
// it — the DNS now says so). Pending claims are re-checked by the worker for a week.
import "@/lib/server-only";
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { galleryHostName, ownHosts } from "@/lib/services/studio/rules/hosts";
import { invalidateStudioGalleries } from "@/lib/services/public";
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { DomainRecord, DomainState, DomainStatus } from "@/lib/contract/domains";
import { Prisma } from "@/generated/prisma/client";
import type { Admin } from "@/generated/prisma/client";

const hostConfig = () => ({ appUrl: env().APP_URL, galleryBaseUrl: env().GALLERY_BASE_URL });

/** The host studios point their CNAME records at. */
export function cnameTarget(): string {
  return galleryHostName(hostConfig());
}

/** How long the worker keeps re-checking a pending claim (or a verified domain pointing elsewhere). */
const RECHECK_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/** How often, at most, the worker checks one domain. */
const RECHECK_EVERY_MS = 10 * 60 * 1000;

const txtName = (domain: string) => `_vidfolio.${domain}`;
const txtValue = (token: string) => `vidfolio-verification=${token}`;

/** Looks names up in DNS: node's Resolver has this shape; tests pass their own. */
export type DnsResolver = { resolveCname(host: string): Promise<string[]>; resolveTxt(host: string): Promise<string[][]> };
export type DnsCheck = { status: "ok" | "wrong-target" | "missing" | "timeout" | "error"; domain: string; target: string; found: string[]; message: string };
type TxtStatus = "found" | "missing" | "timeout" | "error";
type StoredCheck = { at: string; txt: TxtStatus; cname: DnsCheck["status"]; found: string[] };

const clean = (h: string) => h.toLowerCase().replace(/\.$/, "");

function defaultResolver(): DnsResolver {
  return new Resolver({ timeout: 3000, tries: 2 });
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const NO_RECORD = new Set(["ENOTFOUND", "ENODATA", "NXDOMAIN"]);
const TIMED_OUT = new Set(["ETIMEOUT", "ETIMEDOUT"]);

/** Looks up the domain's CNAME (with a time limit) and says whether it points at the gallery host. */
export async function checkDns(domain: string, target: string, opts: { resolver?: DnsResolver; timeoutMs?: number } = {}): Promise<DnsCheck> {
  const resolver = opts.resolver ?? defaultResolver();
  const answer = (status: DnsCheck["status"], found: string[], message: string): DnsCheck => ({ status, domain, target, found, message });
  try {
    const found = (await withTimeout(resolver.resolveCname(domain), opts.timeoutMs ?? 5000)).map(clean);
    if (found.includes(clean(target))) return answer("ok", found, TEXTS.domain.dnsOk(domain, target));
    if (found.length === 0) return answer("missing", found, TEXTS.domain.dnsMissing(domain, target));
    return answer("wrong-target", found, TEXTS.domain.dnsWrongTarget(domain, found.join(", "), target));
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (NO_RECORD.has(code)) return answer("missing", [], TEXTS.domain.dnsMissing(domain, target));
    if (TIMED_OUT.has(code)) return answer("timeout", [], TEXTS.domain.dnsTimeout);
    return answer("error", [], TEXTS.domain.dnsFailed);
  }
}

/** Whether TXT `_vidfolio.<domain>` carries the studio's token (any of its records, chunks joined). */
async function checkTxt(domain: string, token: string, opts: { resolver?: DnsResolver; timeoutMs?: number } = {}): Promise<TxtStatus> {
  const resolver = opts.resolver ?? defaultResolver();
  try {
    const records = await withTimeout(resolver.resolveTxt(txtName(domain)), opts.timeoutMs ?? 5000);
    return records.some((chunks) => chunks.join("").trim() === txtValue(token)) ? "found" : "missing";
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (NO_RECORD.has(code)) return "missing";
    return TIMED_OUT.has(code) ? "timeout" : "error";
  }
}

type DomainRow = Pick<Admin, "domainUrl" | "domainClaim" | "domainToken" | "domainCheck">;
const domainSelect = { id: true, domainUrl: true, domainClaim: true, domainToken: true, domainCheck: true, domainClaimedAt: true } as const;

/** The one state of a studio's domain, its message and its records. */
function domainState(row: DomainRow): DomainState {
  const domain = row.domainUrl ?? row.domainClaim;
  const check = (row.domainCheck ?? null) as StoredCheck | null;
  const checkedAt = check?.at ?? null;
  if (!domain) return { domainurl: null, status: "none", message: TEXTS.domain.none, records: [], checkedAt: null };
  const target = cnameTarget();
  const records: DomainRecord[] = [{ type: "CNAME", name: domain, value: target }, ...(row.domainToken ? [{ type: "TXT" as const, name: txtName(domain), value: txtValue(row.domainToken) }] : [])];
  const state = (status: DomainStatus, message: string): DomainState => ({ domainurl: domain, status, message, records, checkedAt });
  if (!row.domainUrl) {
    if (check?.txt === "timeout") return state("pending", TEXTS.domain.dnsTimeout);
    if (check?.txt === "error") return state("pending", TEXTS.domain.dnsFailed);
    return state("pending", check ? TEXTS.domain.txtMissing(domain) : TEXTS.domain.pending(domain));
  }
  if (check?.cname === "wrong-target") return state("wrong-target", TEXTS.domain.dnsWrongTarget(domain, check.found.join(", "), target));
  if (check?.cname === "missing") return state("wrong-target", TEXTS.domain.dnsMissing(domain, target));
  return state("verified", TEXTS.domainActive);
}

/** The acting studio's domain state (the domain page). */
export async function ownDomainState(actor: Actor): Promise<DomainState> {
  return domainState(await db.admin.findUniqueOrThrow({ where: { id: actor.id }, select: domainSelect }));
}

/**
 * Sets (or, with null, removes) the domain of a studio. Who may (a studio its own, a super admin
 * any studio's) is its door's rule (`self`, lib/http/index.ts). A new domain is a *pending claim*: it
 * routes only once verified, whoever set it (the super admin included). One of the app's own hosts
 * is refused. Setting the domain the studio already has changes nothing.
 */
export async function updateDomain(adminId: string, domain: string | null): Promise<DomainState> {
  if (domain && ownHosts(hostConfig()).has(domain)) throw new AppError("VALIDATION", TEXTS.domain.reserved);
  const current = await db.admin.findFirst({ where: { id: adminId, role: "admin" }, select: domainSelect });
  if (!current) throw notFound();
  if (domain !== null && (current.domainUrl ?? current.domainClaim) === domain) return domainState(current);
  const updated = await db.admin.update({
    where: { id: adminId },
    data: {
      domainUrl: null,
      domainClaim: domain,
      domainClaimedAt: domain ? new Date() : null,
      domainCheck: Prisma.DbNull,
      domainToken: current.domainToken ?? (domain ? randomBytes(16).toString("hex") : null),
    },
    select: domainSelect,
  });
  forgetAnswers();
  // The galleries no longer answer on the old domain.
  if (current.domainUrl) await invalidateStudioGalleries(adminId, [current.domainUrl]);
  return domainState(updated);
}

/**
 * Checks a studio's domain in DNS now. The TXT record with its token verifies a pending claim: the
 * domain becomes this studio's (other pending claims of it dropped; a studio that verified it before
 * loses it). A verified domain stays verified without the TXT (proof once given is kept); its CNAME
 * decides between verified and wrong target.
 */
export async function verifyDomain(adminId: string, opts: { resolver?: DnsResolver; timeoutMs?: number } = {}): Promise<DomainState> {
  const row = await db.admin.findFirst({ where: { id: adminId, role: "admin" }, select: domainSelect });
  if (!row) throw notFound();
  const domain = row.domainUrl ?? row.domainClaim;
  if (!domain) throw new AppError("VALIDATION", TEXTS.domain.noDomain);
  const resolver = opts.resolver ?? defaultResolver();
  const [txt, cname] = await Promise.all([
    row.domainToken ? checkTxt(domain, row.domainToken, { ...opts, resolver }) : Promise.resolve<TxtStatus>("missing"),
    checkDns(domain, cnameTarget(), { ...opts, resolver }),
  ]);
  const domainCheck: StoredCheck = { at: new Date().toISOString(), txt, cname: cname.status, found: cname.found };
  const proves = !row.domainUrl && txt === "found";
  let losers: { id: string }[] = [];
  try {
    const updated = await db.$transaction(async (tx) => {
      // Only if the studio still has this domain (it may have been removed or changed meanwhile).
      const mine = { id: adminId, ...(row.domainUrl ? { domainUrl: domain } : { domainClaim: domain }) };
      if (proves) {
        losers = await tx.admin.findMany({ where: { domainUrl: domain, id: { not: adminId } }, select: { id: true } });
        await tx.admin.updateMany({ where: { domainUrl: domain, id: { not: adminId } }, data: { domainUrl: null, domainCheck: Prisma.DbNull } });
        await tx.admin.updateMany({ where: { domainClaim: domain, id: { not: adminId } }, data: { domainClaim: null, domainClaimedAt: null, domainCheck: Prisma.DbNull } });
        const won = await tx.admin.updateMany({ where: mine, data: { domainUrl: domain, domainClaim: null, domainCheck: domainCheck as Prisma.InputJsonValue } });
        if (won.count === 0) losers = [];
      } else {
        await tx.admin.updateMany({ where: mine, data: { domainCheck: domainCheck as Prisma.InputJsonValue } });
      }
      return tx.admin.findUniqueOrThrow({ where: { id: adminId }, select: domainSelect });
    });
    if (proves && updated.domainUrl === domain) {
      log().info({ adminId, domain, from: losers.map((l) => l.id) }, "custom domain verified");
      forgetAnswers();
      await invalidateStudioGalleries(adminId);
      for (const l of losers) await invalidateStudioGalleries(l.id, [domain]);
    }
    return domainState(updated);
  } catch (e) {
    // Two studios proving the same domain at the same instant: one wins, the other is told.
    if (isUniqueViolation(e)) throw new AppError("domain_taken", TEXTS.domain.taken);
    throw e;
  }
}

/** POST check-domain: the acting studio's check. */
export async function checkOwnDomain(actor: Actor, opts: { resolver?: DnsResolver; timeoutMs?: number } = {}): Promise<DomainState> {
  return verifyDomain(actor.id, opts);
}

/**
 * The scheduled re-check: pending claims (and verified domains whose CNAME points elsewhere) set in
 * the last week and not checked in the last 10 minutes, oldest check first. Returns how many were
 * checked and how many became verified.
 */
export async function recheckDomains(opts: { resolver?: DnsResolver; limit?: number; now?: number } = {}): Promise<{ checked: number; verified: number }> {
  const now = opts.now ?? Date.now();
  const rows = await db.admin.findMany({
    where: { role: "admin", domainClaimedAt: { gt: new Date(now - RECHECK_FOR_MS) }, OR: [{ domainClaim: { not: null } }, { domainUrl: { not: null } }] },
    select: domainSelect,
    orderBy: { domainClaimedAt: "asc" },
    take: 500,
  });
  const due = rows
    .filter((r) => {
      const check = r.domainCheck as StoredCheck | null;
      if (r.domainUrl && (!check || check.cname === "ok")) return false;
      return !check || Date.parse(check.at) < now - RECHECK_EVERY_MS;
    })
    .slice(0, opts.limit ?? 100);
  let verified = 0;
  for (const r of due) {
    try {
      const state = await verifyDomain(r.id, { resolver: opts.resolver });
      if (!r.domainUrl && state.status !== "pending") verified += 1;
    } catch (err) {
      log().warn({ err, adminId: r.id }, "domain re-check failed");
    }
  }
  return { checked: due.length, verified };
}

/** The answers of the TLS ask endpoint, kept a little while: a certificate issuer may ask often. */
const answers = new Map<string, { ok: boolean; until: number }>();
const ASK_TTL_MS = { yes: 60_000, no: 15_000 };
function forgetAnswers() {
  answers.clear();
}

/**
 * "Is this a verified studio domain?" — asked by a TLS terminator before it issues a certificate
 * (Caddy's on-demand `ask`). Yes only for a verified domain of an Active studio. Answers are cached
 * in this process (a minute for yes, 15 s for no); a miss costs one indexed lookup.
 */
export async function isServedDomain(domain: string): Promise<boolean> {
  const hit = answers.get(domain);
  if (hit && hit.until > Date.now()) return hit.ok;
  const row = await db.admin.findUnique({ where: { domainUrl: domain }, select: { status: true, role: true } });
  const ok = !!row && row.role === "admin" && row.status === "ACTIVE";
  if (answers.size > 10_000) answers.clear();
  answers.set(domain, { ok, until: Date.now() + (ok ? ASK_TTL_MS.yes : ASK_TTL_MS.no) });
  return ok;
}

// A studio's custom gallery domain (spec §2 Domain setting): set, removed, and checked in DNS.
import "server-only";
import { resolveCname } from "node:dns/promises";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { galleryHostName, ownHosts } from "@/lib/hosts";
import { invalidateStudioGalleries } from "@/lib/services/public-cache";
import { TEXTS } from "@/lib/texts";
import type { Actor } from "@/lib/auth/actor";

const hostConfig = () => ({ appUrl: env().APP_URL, galleryBaseUrl: env().GALLERY_BASE_URL });

/** The host studios point their CNAME records at. */
export function cnameTarget(): string {
  return galleryHostName(hostConfig());
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === "P2002";
}

/**
 * Sets (or, with null, removes) the custom domain of a studio. A studio changes only its own
 * (another id: 403); a super admin any studio's. The domain is unique: one used by another studio,
 * or one of the app's own hosts, is refused with a message.
 */
export async function updateDomain(actor: Actor, adminId: string, domain: string | null): Promise<{ domainurl: string | null }> {
  if (actor.role !== "superadmin" && actor.id !== adminId) throw forbidden();
  if (domain && ownHosts(hostConfig()).has(domain)) throw new AppError("VALIDATION", TEXTS.domain.reserved);
  const current = await db.admin.findFirst({ where: { id: adminId, role: "admin" }, select: { domainUrl: true } });
  if (!current) throw notFound();
  try {
    await db.admin.update({ where: { id: adminId }, data: { domainUrl: domain } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", TEXTS.domain.taken);
    throw e;
  }
  // The galleries now answer on the new domain and no longer on the old one.
  await invalidateStudioGalleries(adminId, [current.domainUrl]);
  return { domainurl: domain };
}

export type DnsResolver = (host: string) => Promise<string[]>;
export type DnsCheck = { status: "ok" | "wrong-target" | "missing" | "timeout" | "error"; domain: string; target: string; found: string[]; message: string };

const clean = (h: string) => h.toLowerCase().replace(/\.$/, "");

/** Looks up the domain's CNAME (with a time limit) and says whether it points at the gallery host. */
export async function checkDns(domain: string, target: string, opts: { resolve?: DnsResolver; timeoutMs?: number } = {}): Promise<DnsCheck> {
  const resolve = opts.resolve ?? resolveCname;
  const timeoutMs = opts.timeoutMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })), timeoutMs);
  });
  const answer = (status: DnsCheck["status"], found: string[], message: string): DnsCheck => ({ status, domain, target, found, message });
  try {
    const found = (await Promise.race([resolve(domain), timeout])).map(clean);
    if (found.includes(clean(target))) return answer("ok", found, TEXTS.domain.dnsOk(domain, target));
    if (found.length === 0) return answer("missing", found, TEXTS.domain.dnsMissing(domain, target));
    return answer("wrong-target", found, TEXTS.domain.dnsWrongTarget(domain, found.join(", "), target));
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA" || code === "NXDOMAIN") return answer("missing", [], TEXTS.domain.dnsMissing(domain, target));
    if (code === "ETIMEOUT" || code === "ETIMEDOUT") return answer("timeout", [], TEXTS.domain.dnsTimeout);
    return answer("error", [], TEXTS.domain.dnsFailed);
  } finally {
    clearTimeout(timer);
  }
}

/** The DNS check of the acting studio's own domain. */
export async function checkOwnDomain(actor: Actor, opts: { resolve?: DnsResolver; timeoutMs?: number } = {}): Promise<DnsCheck> {
  if (!actor.domainUrl) throw new AppError("VALIDATION", TEXTS.domain.noDomain);
  return checkDns(actor.domainUrl, cnameTarget(), opts);
}

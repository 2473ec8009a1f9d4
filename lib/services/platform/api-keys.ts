// A studio's API keys. A key is `vf_key_<prefix>_<secret>`: the prefix (8
// characters) names its row and is shown in the account; the secret (32 random bytes) is shown once,
// at creation, and only its SHA-256 is kept (docs/security.md, "Studio API keys"). A key acts as its
// studio with its scopes; revoking it takes effect on the next request (every request reads the row).
import "@/lib/server-only";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { API_KEYS_MAX } from "@/lib/limits";
import { KEY_PATTERN, KEY_PREFIX, type ApiScope } from "@/lib/services/platform/rules/api-scopes";
import { TEXTS } from "@/lib/texts";
import { mayAct } from "@/lib/services/access";
import { lockStudio } from "@/lib/services/money";
import { audit } from "@/lib/services/platform/audit";
import type { Actor, KeyGrant } from "@/lib/services/access/rules/actor";
import type { ApiKeyView, NewApiKey } from "@/lib/contract/integrations";
import type { ApiKey } from "@/generated/prisma/client";

/** The last use is written at most this often per key (the list shows it to the minute). */
const LAST_USED_EVERY_MS = 60_000;
const PREFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

const sha256 = (secret: string) => createHash("sha256").update(secret).digest();

function newPrefix(): string {
  return Array.from({ length: 8 }, () => PREFIX_ALPHABET[randomInt(PREFIX_ALPHABET.length)]).join("");
}

/** What the account's list shows of a key: never its secret or hash. */
function view(k: ApiKey): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: `${KEY_PREFIX}${k.prefix}`,
    scopes: k.scopes as ApiScope[],
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: k.lastUsedAddress,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Creates a key for the studio; the answer carries the whole key, the only time it is ever shown.
 * At most API_KEYS_MAX live keys (409 beyond, counted under the studio's row lock so two creations
 * at once cannot pass it together). Audited (`api_key.create`).
 */
export async function createApiKey(actor: Actor, input: { name: string; scopes: ApiScope[] }): Promise<NewApiKey> {
  const scopes = [...new Set(input.scopes)];
  for (let attempt = 0; ; attempt++) {
    const prefix = newPrefix();
    const secret = randomBytes(32).toString("base64url");
    try {
      const row = await db.$transaction(async (tx) => {
        await lockStudio(tx, actor.id);
        const live = await tx.apiKey.count({ where: { adminId: actor.id, revokedAt: null } });
        if (live >= API_KEYS_MAX) throw new AppError("CONFLICT", TEXTS.apiKeys.tooMany(API_KEYS_MAX));
        const key = await tx.apiKey.create({ data: { adminId: actor.id, name: input.name, scopes, prefix, secretHash: sha256(secret).toString("hex") } });
        await audit(tx, actor, "api_key.create", actor.id, { keyId: key.id, name: key.name, prefix: key.prefix, scopes });
        return key;
      });
      return { ...view(row), key: `${KEY_PREFIX}${prefix}_${secret}` };
    } catch (e) {
      // Two keys drew the same prefix (one in 36^8): draw again.
      if (isUniqueViolation(e) && attempt < 3) continue;
      throw e;
    }
  }
}

/** The studio's keys, newest first, revoked ones too (marked). */
export async function listApiKeys(actor: Actor): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { adminId: actor.id }, orderBy: { createdAt: "desc" } });
  return rows.map(view);
}

/**
 * Revokes one of the studio's keys (another studio's id, or an unknown one: 404). Idempotent: a key
 * already revoked keeps its first revocation time. Audited (`api_key.revoke`).
 */
export async function revokeApiKey(actor: Actor, keyId: string): Promise<ApiKeyView> {
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id: keyId, adminId: actor.id } });
    if (!key) throw notFound();
    if (key.revokedAt) return view(key);
    const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await audit(tx, actor, "api_key.revoke", actor.id, { keyId: key.id, name: key.name, prefix: key.prefix });
    return view(revoked);
  });
}

/** When this process last wrote each key's last use (a cheap first filter; the update's own condition is the rule). */
const lastWritten = new Map<string, number>();

async function noteUse(keyId: string, address: string, now: number): Promise<void> {
  if (now - (lastWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastWritten.set(keyId, now);
  if (lastWritten.size > 10_000) lastWritten.clear();
  await db.apiKey.updateMany({
    where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now - LAST_USED_EVERY_MS) } }] },
    data: { lastUsedAt: new Date(now), lastUsedAddress: address },
  });
}

/**
 * The studio and scopes a bearer key names, or null: malformed, unknown, revoked, a wrong secret
 * (compared in constant time), or a studio that may no longer act (deleted, Not Active). Records
 * the use's time and address on the key, at most once a minute.
 */
export async function authenticateApiKey(token: string, address: string, now = Date.now()): Promise<(Actor & KeyGrant) | null> {
  const m = KEY_PATTERN.exec(token);
  if (!m) return null;
  const key = await db.apiKey.findUnique({ where: { prefix: m[1] }, include: { admin: true } });
  if (!key || key.revokedAt) return null;
  const stored = Buffer.from(key.secretHash, "hex");
  const given = sha256(m[2]);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  if (key.admin.role !== "admin" || !mayAct(key.admin, key.admin.sessionVersion)) return null;
  await noteUse(key.id, address, now);
  return { ...key.admin, via: "key", keyId: key.id, scopes: key.scopes as ApiScope[] };
}

/**
 * One audit row per use of a key (`api_key.use`: method, path, status), written after the answer
 * (lib/http/index.ts calls it through afterResponse): one small insert, off the request's time.
 */
export async function recordKeyUse(actor: Actor & KeyGrant, use: { method: string; path: string; status: number; address: string }): Promise<void> {
  await audit(db, actor, "api_key.use", actor.id, { keyId: actor.keyId, ...use });
}

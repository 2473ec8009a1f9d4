// Secrets the app must read back (a webhook endpoint's signing secret: it signs with it, so it cannot
// be stored hashed), encrypted at rest: AES-256-GCM with a key derived from AUTH_SECRET (HKDF, its
// own label per use), a random nonce each time, and the row's id as associated data, so a value
// copied into another row does not open. A database dump alone does not give the secrets away.
// Changing AUTH_SECRET makes stored secrets unreadable: docs/security.md says what to do.
import "@/lib/server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const VERSION = "v1";

function keyFor(label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", env().AUTH_SECRET, "vidfolio-secret-box", label, 32));
}

/** `plain` encrypted for the row `rowId`, under `label` (what it is for). */
export function sealSecret(label: string, rowId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(label), iv);
  cipher.setAAD(Buffer.from(rowId));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The secret sealed by sealSecret for the same label and row; throws when it does not open. */
export function openSecret(label: string, rowId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(label), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(rowId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

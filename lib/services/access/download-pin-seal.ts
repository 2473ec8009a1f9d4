// A gallery's download PIN, readable again only to put it in a guest's delivery mail: the
// PIN is checked against its Argon2id hash, and kept besides sealed (AES-256-GCM under
// AUTH_SECRET, the gallery's id as associated data: lib/security/secret-box.ts). Why sealed rather
// than typed at each send: a scheduled send goes out with nobody there to type it, and a reminder
// or a re-send must give the same PIN; docs/architecture.md says more.
import "@/lib/server-only";
import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { log } from "@/lib/log";

const LABEL = "download-pin";

export const sealDownloadPin = (galleryId: string, pin: string): string => sealSecret(LABEL, galleryId, pin);

/** The PIN, or null when none is sealed or it does not open (AUTH_SECRET changed: the studio sets it again). */
export function openDownloadPin(galleryId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return openSecret(LABEL, galleryId, sealed);
  } catch {
    log().warn({ galleryId }, "a sealed download PIN did not open");
    return null;
  }
}

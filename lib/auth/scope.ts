// Two faces of one browser: a studio's session and a super admin's session live in separate
// cookies, so a super admin who opens a studio ("Sign in as client") in another
// tab keeps its own tab working, and signing one out never touches the other. Every door reads the
// cookie of the face it serves (lib/auth/actor.ts); the proxy does the same. Edge-safe (no server-only imports).
export type SessionScope = "studio" | "superadmin";

/**
 * The session cookie of a scope. The studio's is next-auth's usual name (sessions from before the
 * split go on working); the super admin's is its own.
 */
export function sessionCookieName(scope: SessionScope, secure: boolean): string {
  return `${secure ? "__Secure-" : ""}${scope === "superadmin" ? "vidfolio-admin" : "next-auth"}.session-token`;
}

/** Every session cookie name, secure or not (next-auth may split a large one into name.0, name.1, …). */
export const SESSION_COOKIE_PATTERN = /^(__Secure-)?(next-auth|vidfolio-admin)\.session-token(\.\d+)?$/;

/**
 * Sent by the super admin's pages with their API calls (lib/browser/api-client.ts): a door that serves both
 * faces (e.g. editing an account) then reads the super admin's cookie first. It only chooses
 * between the caller's own cookies; it grants nothing.
 */
export const SCOPE_HEADER = "x-vidfolio-as";

// Studio API keys (issue 38 item 3): the scopes a key may hold, the token's shape, and the one rule
// that says which scope each door needs. Pure (no I/O): the doors' wrappers (lib/http.ts), the
// proxy, the account's key form and the contract's declarations all read it from here.

export const API_SCOPES = ["read", "write", "uploads", "insights"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * What a door asks of a key: one scope, or `signin` — the door is for a person signed in (cookie or
 * sign-in bearer token) and refuses every key, whatever its scopes.
 */
export type DoorScope = ApiScope | "signin";

/** Every key starts with this, which tells it apart from a sign-in token (a JWT: `eyJ…`). */
export const KEY_PREFIX = "vf_key_";
/** `vf_key_<8 lower-case letters or digits: the visible prefix>_<43 base64url characters: the secret>`. */
export const KEY_PATTERN = /^vf_key_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** The bearer value is meant as a key (its prefix): such a value is never tried as a sign-in token. */
export const isKeyToken = (bearer: string): boolean => bearer.startsWith(KEY_PREFIX);

/**
 * Doors a key never opens (answer 403 `scope`): minting keys and webhooks (a leaked key must not make
 * itself a successor), credentials (a password oracle, the password itself), money (checkout, the
 * billing portal, spending credits, the local provider's pay/cancel) and the custom domain (a key
 * must not move the studio's galleries to another host).
 */
const SIGN_IN_ONLY = [
  /^\/api\/keys(\/|$)/,
  /^\/api\/webhooks(\/|$)/,
  /^\/api\/update-profile$/,
  /^\/api\/validate-password$/,
  /^\/api\/admin\/makepayment$/,
  /^\/api\/admin\/update-plan\//,
  /^\/api\/admin\/verify-session\//,
  /^\/api\/admin\/update-domain\//,
  /^\/api\/payments\//,
];
/** Everything an upload does, its reads too (part URLs, the parts listed), and filing the uploaded film. */
const UPLOADS = [/^\/api\/products\//, /^\/api\/videos\/createVideo$/];
/** What the guests watched (users/sentMail is a super admin's door: no key ever reaches it). */
const INSIGHTS = [/^\/api\/galleries\/gallery\/[^/]+\/insights(\/csv)?$/];

/**
 * The scope a door needs, from its method and path — a request's path or a route's pattern
 * (`/api/galleries/gallery/[id]/insights`): the upload doors `uploads`, the insights doors
 * `insights`, the sign-in-only doors `signin`, then GET/HEAD `read` and every other method `write`.
 * A door may say otherwise with its own `scope` option (lib/http.ts).
 */
export function doorScope(method: string, path: string): DoorScope {
  if (SIGN_IN_ONLY.some((re) => re.test(path))) return "signin";
  if (UPLOADS.some((re) => re.test(path))) return "uploads";
  if (INSIGHTS.some((re) => re.test(path))) return "insights";
  const m = method.toUpperCase();
  return m === "GET" || m === "HEAD" ? "read" : "write";
}

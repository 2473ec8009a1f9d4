// Studio API keys: the scopes a key may hold, the token's shape, and what a door
// may ask for. Pure (no I/O): the contract's declarations (which scope each door needs), the
// doors' wrapper (lib/http/index.ts), the proxy and the account's key form read it from here.

export const API_SCOPES = ["read", "write", "uploads", "insights", "webhooks"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * What a door asks of a key: one scope, or `none` — the door is for a person signed in (cookie or
 * sign-in bearer token) and refuses every key, whatever its scopes. Each door declares its own in
 * the contract (lib/contract: GET → read, the others → write, unless the declaration says otherwise).
 */
export type DoorScope = ApiScope | "none";

/** Every key starts with this, which tells it apart from a sign-in token (a JWT: `eyJ…`). */
export const KEY_PREFIX = "vf_key_";
/** `vf_key_<8 lower-case letters or digits: the visible prefix>_<43 base64url characters: the secret>`. */
export const KEY_PATTERN = /^vf_key_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** The bearer value is meant as a key (its prefix): such a value is never tried as a sign-in token. */
export const isKeyToken = (bearer: string): boolean => bearer.startsWith(KEY_PREFIX);

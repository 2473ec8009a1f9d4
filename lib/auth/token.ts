// Signed, expiring bearer tokens for API clients (POST /api/admin/login).
import { SignJWT, jwtVerify } from "jose";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";

const ISSUER = "vidfolio";
const AUDIENCE = "vidfolio-api";

/** `sid`: the server-side session (AuthSession) the token belongs to; without one a token opens nothing. */
export type TokenClaims = { sub: string; sv: number; sid?: string };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signBearerToken(claims: TokenClaims, secret: string, maxAgeSec = SESSION_MAX_AGE_SEC): Promise<string> {
  return new SignJWT({ sv: claims.sv, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${maxAgeSec}s`)
    .sign(key(secret));
}

/** The token's claims, or null when it is malformed, tampered with or expired. */
export async function verifyBearerToken(token: string, secret: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { sub: payload.sub, sv: payload.sv, ...(typeof payload.sid === "string" ? { sid: payload.sid } : {}) };
  } catch {
    return null;
  }
}

// Who is acting: the signed-in account a door found (lib/auth/actor.ts finds it from the request and
// re-checks it against the database). A type only, apart from that machinery, so the services and
// the pure modules name the actor without importing the doors' code (which imports services).
import type { Admin } from "@/generated/prisma/client";
import type { ApiScope } from "@/lib/services/platform/rules/api-scopes";

/** A studio acting through one of its API keys: which key, and what it may do. */
export type KeyGrant = { via: "key"; keyId: string; scopes: readonly ApiScope[] };

/** A signed-in account (cookie or sign-in bearer token), or a studio through its API key. */
export type Actor = Admin & (KeyGrant | { via?: "session"; keyId?: never; scopes?: never });

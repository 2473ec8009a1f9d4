// The sign-in door (lib/auth/sign-in-door.ts) checks the secret through the throttle *before*
// next-auth runs, then runs next-auth inside this scope holding what it verified. The providers'
// authorize() (lib/auth/options.ts) verifies nothing themselves: they return the verified account
// only if the credentials next-auth hands them are the very values the door verified, and nothing
// otherwise (a sign-in that did not come through the door opens no session).
import "@/lib/server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { User } from "next-auth";

export type VerifiedSignIn = { provider: "credentials"; email: string; role: string | undefined; user: User } | { provider: "impersonate"; token: string; user: User };

const scope = new AsyncLocalStorage<VerifiedSignIn>();

export function withVerifiedSignIn<T>(grant: VerifiedSignIn, run: () => Promise<T>): Promise<T> {
  return scope.run(grant, run);
}

/** What the door verified for this request, if it verified that provider's sign-in. */
export function verifiedSignIn<P extends VerifiedSignIn["provider"]>(provider: P): Extract<VerifiedSignIn, { provider: P }> | null {
  const grant = scope.getStore();
  return grant?.provider === provider ? (grant as Extract<VerifiedSignIn, { provider: P }>) : null;
}

// next-auth configuration: email + password sign-in, sessions as signed JWT cookies, each naming a
// server-side session (lib/services/access/sessions.ts) that LOG OUT ends. The secrets themselves (the
// password, the impersonation token) are checked by the sign-in door through the throttle before
// next-auth runs (lib/auth/sign-in-door.ts); authorize() here only takes what the door verified.
import "@/lib/server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env, secureCookies } from "@/lib/env";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { landingPath, ROUTES, safeRedirectPath } from "@/lib/routes";
import { paymentsConfigured } from "@/lib/payments";
import { loginSchema } from "@/lib/validation/auth";
import { endImpersonation, endSession, renewSession, sessionActor, startSession } from "@/lib/services/access";
import { verifiedSignIn } from "@/lib/auth/verified-sign-in";
import { decode } from "next-auth/jwt";
import { log } from "@/lib/log";
import { sessionCookieName, type SessionScope } from "@/lib/auth/scope";
import type { Plan, Role } from "@/generated/prisma/enums";

/** The super admin behind an impersonated studio session. */
type Impersonator = { id: string; email: string; sv: number };

declare module "next-auth" {
  interface User {
    role: Role;
    plan: Plan;
    sv: number;
    landing?: string;
    imp?: Impersonator;
  }
  interface Session {
    /** `landing`: where this sign-in goes first (lib/routes.ts landingPath, decided by the server). */
    user: { id: string; name: string; email: string; role: Role; plan: Plan; sv: number; landing?: string };
    impersonator?: { email: string };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    plan?: Plan;
    landing?: string;
    sv?: number;
    sid?: string;
    imp?: Impersonator;
  }
}

type AccountRow = { id: string; name: string; email: string; role: Role; plan: Plan; creditBytes: bigint; sessionVersion: number };
export const toUser = (a: AccountRow, imp?: Impersonator) => ({
  id: a.id,
  name: a.name,
  email: a.email,
  role: a.role,
  plan: a.plan,
  landing: landingPath(a, paymentsConfigured()),
  sv: a.sessionVersion,
  imp,
});

function readCookie(header: string | undefined, name: string): string | undefined {
  const parts = (header ?? "").split(/;\s*/).filter((p) => p.startsWith(`${name}=`) || p.startsWith(`${name}.`));
  if (parts.length === 0) return undefined;
  // next-auth splits large cookies into name.0, name.1, …
  return parts.map((p) => p.slice(p.indexOf("=") + 1)).join("");
}

const cached: Partial<Record<SessionScope, NextAuthOptions>> = {};

/**
 * next-auth for one face: the same providers and callbacks, each face writing and reading its own
 * session cookie (lib/auth/scope.ts). A super admin's sign-in runs with `superadmin`, everything
 * else (studio sign-in, "Login as", session reads) with `studio`.
 */
export function authOptions(scope: SessionScope = "studio"): NextAuthOptions {
  const secure = secureCookies();
  return (cached[scope] ??= {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC },
    jwt: { maxAge: SESSION_MAX_AGE_SEC },
    pages: { signIn: scope === "superadmin" ? ROUTES.superadminLogin : ROUTES.login, error: scope === "superadmin" ? ROUTES.superadminLogin : ROUTES.login },
    useSecureCookies: secure,
    cookies: { sessionToken: { name: sessionCookieName(scope, secure), options: { httpOnly: true, sameSite: "lax", path: "/", secure } } },
    // next-auth's own messages go to the structured log (an expired or foreign cookie is a warning).
    logger: {
      error: (code, metadata) => log().warn({ code, err: metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error }, `next-auth: ${code}`),
      warn: (code) => log().warn({ code }, `next-auth: ${code}`),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          role: { label: "Role", type: "text" },
        },
        // The door verified these very credentials through the throttle (lib/auth/sign-in-door.ts).
        async authorize(credentials) {
          const parsed = loginSchema.safeParse({ ...credentials, role: credentials?.role || undefined });
          const verified = verifiedSignIn("credentials");
          if (!parsed.success || !verified || verified.email !== parsed.data.email || verified.role !== parsed.data.role) return null;
          return verified.user;
        },
      }),
      // "Login as": trades a one-time token from the super admin for a studio session.
      CredentialsProvider({
        id: "impersonate",
        name: "Impersonation",
        credentials: { token: { label: "Token", type: "text" } },
        // The door traded this very token through the throttle (lib/auth/sign-in-door.ts).
        async authorize(credentials) {
          const verified = verifiedSignIn("impersonate");
          if (!verified || verified.token !== credentials?.token) return null;
          return verified.user;
        },
      }),
      // The impersonation banner's way back: the session's own super admin signs in again.
      CredentialsProvider({
        id: "end-impersonation",
        name: "End impersonation",
        credentials: {},
        async authorize(_credentials, req) {
          const cookie = readCookie(req?.headers?.cookie, sessionCookieName("studio", secureCookies()));
          const current = cookie ? await decode({ token: cookie, secret: env().AUTH_SECRET }).catch(() => null) : null;
          if (!current?.imp || !current.sub || typeof current.sv !== "number" || typeof current.sid !== "string") return null;
          // Only from a live impersonated session: a copy of one that was signed out opens nothing.
          if (!(await sessionActor({ sub: current.sub, sv: current.sv, sid: current.sid }))) return null;
          const issuer = await endImpersonation(current.imp, current.sub);
          if (!issuer) return null;
          // The impersonated session ends here, so a copy of its cookie opens nothing afterwards.
          await endSession(current.sid);
          return toUser(issuer);
        },
      }),
    ],
    callbacks: {
      // A sign-in opens a server-side session; a later read of the session (next-auth renews the
      // cookie then) keeps it going, or clears the cookie when the session was ended (signed out).
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = user.role;
          token.plan = user.plan;
          token.landing = user.landing;
          token.sv = user.sv;
          token.sid = await startSession(user.id, user.imp ? "impersonation" : "cookie");
          if (user.imp) token.imp = user.imp;
          else delete token.imp;
        } else if (!token.sid || !(await renewSession(token.sid))) {
          throw new Error("The session has ended.");
        }
        return token;
      },
      // Only paths of this app, normalised (next-auth's callbackUrl comes from the client).
      async redirect({ url, baseUrl }) {
        let path: string | null;
        try {
          const u = new URL(url);
          path = u.origin === new URL(baseUrl).origin ? safeRedirectPath(`${u.pathname}${u.search}${u.hash}`) : null;
        } catch {
          path = safeRedirectPath(url);
        }
        return `${baseUrl}${path ?? "/"}`;
      },
      async session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          role: token.role ?? "admin",
          plan: token.plan ?? "NO_PLAN",
          landing: token.landing,
          sv: token.sv ?? -1,
        };
        if (token.imp) session.impersonator = { email: token.imp.email };
        return session;
      },
    },
  });
}

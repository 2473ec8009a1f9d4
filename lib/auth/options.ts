// next-auth configuration: email + password sign-in, sessions as signed JWT cookies.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { ROUTES } from "@/lib/routes";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate } from "@/lib/services/accounts";
import { consumeImpersonation, endImpersonation } from "@/lib/services/impersonation";
import { decode } from "next-auth/jwt";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { Plan, Role } from "@/generated/prisma/enums";

/** The super admin behind an impersonated studio session. */
type Impersonator = { id: string; email: string; sv: number };

declare module "next-auth" {
  interface User {
    role: Role;
    plan: Plan;
    sv: number;
    imp?: Impersonator;
  }
  interface Session {
    user: { id: string; name: string; email: string; role: Role; plan: Plan; sv: number };
    impersonator?: { email: string };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    plan?: Plan;
    sv?: number;
    imp?: Impersonator;
  }
}

type AccountRow = { id: string; name: string; email: string; role: Role; plan: Plan; sessionVersion: number };
const toUser = (a: AccountRow, imp?: Impersonator) => ({ id: a.id, name: a.name, email: a.email, role: a.role, plan: a.plan, sv: a.sessionVersion, imp });

/** The session cookie's name, as next-auth sets it. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}next-auth.session-token`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  const parts = (header ?? "").split(/;\s*/).filter((p) => p.startsWith(`${name}=`) || p.startsWith(`${name}.`));
  if (parts.length === 0) return undefined;
  // next-auth splits large cookies into name.0, name.1, …
  return parts
    .map((p) => p.slice(p.indexOf("=") + 1))
    .join("");
}

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  return (cached ??= {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC },
    jwt: { maxAge: SESSION_MAX_AGE_SEC },
    pages: { signIn: ROUTES.login, error: ROUTES.login },
    useSecureCookies: env().APP_URL.startsWith("https://"),
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
        async authorize(credentials) {
          const parsed = loginSchema.safeParse({ ...credentials, role: credentials?.role || undefined });
          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid sign-in.");
          try {
            return toUser(await authenticate(parsed.data));
          } catch (e) {
            // next-auth hands a thrown message back to the form as `error`.
            if (e instanceof AppError) throw new Error(e.message);
            throw e;
          }
        },
      }),
      // "Login as": trades a one-time token from the super admin for a studio session.
      CredentialsProvider({
        id: "impersonate",
        name: "Impersonation",
        credentials: { token: { label: "Token", type: "text" } },
        async authorize(credentials) {
          const result = await consumeImpersonation(String(credentials?.token ?? ""));
          if (!result) return null;
          const { studio, issuer } = result;
          return toUser(studio, { id: issuer.id, email: issuer.email, sv: issuer.sessionVersion });
        },
      }),
      // The impersonation banner's way back: the session's own super admin signs in again.
      CredentialsProvider({
        id: "end-impersonation",
        name: "End impersonation",
        credentials: {},
        async authorize(_credentials, req) {
          const secure = env().APP_URL.startsWith("https://");
          const cookie = readCookie(req?.headers?.cookie, sessionCookieName(secure));
          const current = cookie ? await decode({ token: cookie, secret: env().AUTH_SECRET }).catch(() => null) : null;
          if (!current?.imp) return null;
          const issuer = await endImpersonation(current.imp, current.sub ?? null);
          return issuer ? toUser(issuer) : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.role = user.role;
          token.plan = user.plan;
          token.sv = user.sv;
          if (user.imp) token.imp = user.imp;
          else delete token.imp;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          id: token.sub ?? "",
          name: token.name ?? "",
          email: token.email ?? "",
          role: token.role ?? "admin",
          plan: token.plan ?? "NO_PLAN",
          sv: token.sv ?? -1,
        };
        if (token.imp) session.impersonator = { email: token.imp.email };
        return session;
      },
    },
  });
}

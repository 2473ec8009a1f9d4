// next-auth configuration: email + password sign-in, sessions as signed JWT cookies.
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { ROUTES } from "@/lib/routes";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate } from "@/lib/services/accounts";
import { AppError } from "@/lib/errors";
import type { Plan, Role } from "@/generated/prisma/enums";

declare module "next-auth" {
  interface User {
    role: Role;
    plan: Plan;
    sv: number;
  }
  interface Session {
    user: { id: string; name: string; email: string; role: Role; plan: Plan; sv: number };
  }
}
declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    plan?: Plan;
    sv?: number;
  }
}

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  return (cached ??= {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC },
    jwt: { maxAge: SESSION_MAX_AGE_SEC },
    pages: { signIn: ROUTES.login, error: ROUTES.login },
    useSecureCookies: env().APP_URL.startsWith("https://"),
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
            const admin = await authenticate(parsed.data);
            return { id: admin.id, name: admin.name, email: admin.email, role: admin.role, plan: admin.plan, sv: admin.sessionVersion };
          } catch (e) {
            // next-auth hands a thrown message back to the form as `error`.
            if (e instanceof AppError) throw new Error(e.message);
            throw e;
          }
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
        return session;
      },
    },
  });
}

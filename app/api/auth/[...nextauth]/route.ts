// GET|POST /api/auth/* — next-auth (sign-in, sign-out, session, CSRF).
// Sign-in attempts (`callback/credentials`, `callback/impersonate`) are rate-limited here, before
// next-auth runs authorize(): per client IP, and per email for the password sign-in.
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { signInRateLimit } from "@/lib/auth/sign-in-limit";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx) {
  // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
  const params = await ctx.params;
  const limited = await signInRateLimit(req, params.nextauth);
  if (limited) return limited;
  return NextAuth(req, { params }, authOptions());
}

export { handler as GET, handler as POST };

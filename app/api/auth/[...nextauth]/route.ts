// GET|POST /api/auth/* — next-auth (sign-in, sign-out, session, CSRF).
// Sign-in attempts (`callback/credentials`, `callback/impersonate`) are rate-limited here, before
// next-auth runs authorize(): per client IP, and per email for the password sign-in.
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { signInRateLimit } from "@/lib/auth/sign-in-limit";
import { errorResponse, json, served } from "@/lib/http";

type Ctx = { params: Promise<{ nextauth: string[] }> };

function handler(req: NextRequest, ctx: Ctx) {
  return served(req, () => authenticate(req, ctx));
}

async function authenticate(req: NextRequest, ctx: Ctx): Promise<Response> {
  try {
    // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
    const params = await ctx.params;
    // Every provider is a credentials provider, whose callback next-auth takes by POST only (a GET
    // makes it throw, which would be a 500).
    if (req.method === "GET" && params.nextauth?.[0] === "callback") return json({ message: "Sign in with POST." }, 405);
    const limited = await signInRateLimit(req, params.nextauth);
    if (limited) return limited;
    return await NextAuth(req, { params }, authOptions());
  } catch (error) {
    return errorResponse(error);
  }
}

export { handler as GET, handler as POST };

// GET|POST /api/auth/* — next-auth (sign-in, sign-out, session, CSRF).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx) {
  // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
  const params = await ctx.params;
  return NextAuth(req, { params }, authOptions());
}

export { handler as GET, handler as POST };

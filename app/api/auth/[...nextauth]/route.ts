// GET|POST /api/auth/* — next-auth (sign-in, sign-out, session, CSRF).
// A POST's body is parsed once, here; a sign-in (`callback/credentials`, `callback/impersonate`)
// checks its secret through the throttle before next-auth runs, and sign-out ends the session on
// the server (lib/auth/sign-in-door.ts). `?scope=superadmin` reads (session) or ends (signout) the
// super admin's session, which lives in its own cookie (lib/auth/scope.ts).
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { nextAuthPost } from "@/lib/auth/sign-in-door";
import { errorResponse, json, served, withErrorCode } from "@/lib/http";
import { errorBody } from "@/lib/error-codes";

type Ctx = { params: Promise<{ nextauth: string[] }> };

function handler(req: NextRequest, ctx: Ctx) {
  return served(req, () => nextAuth(req, ctx));
}

async function nextAuth(req: NextRequest, ctx: Ctx): Promise<Response> {
  try {
    // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
    const params = await ctx.params;
    const path = params.nextauth ?? [];
    // Every provider is a credentials provider, whose callback next-auth takes by POST only (a GET
    // makes it throw, which would be a 500).
    if (req.method === "GET" && path[0] === "callback") return json(errorBody("method_not_allowed", "Sign in with POST."), 405);
    // next-auth's own refusals (plain text, or JSON without a code) get the code of their status.
    return await withErrorCode(
      req.method === "POST" ? await nextAuthPost(req, path) : await NextAuth(req, { params }, authOptions(req.nextUrl.searchParams.get("scope") === "superadmin" ? "superadmin" : "studio")),
    );
  } catch (error) {
    return errorResponse(error);
  }
}

export { handler as GET, handler as POST };

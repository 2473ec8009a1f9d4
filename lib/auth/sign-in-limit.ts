// Rate limit for next-auth's sign-in callbacks. Answers 429 with Retry-After and the message; the
// body also carries `url` with `?error=<message>`, which is how next-auth's signIn() reports an
// error to the form (it reads `error` from that url), so the sign-in form shows the message.
import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { ROUTES } from "@/lib/routes";
import { clientIp } from "@/lib/security/client-ip";
import { enforceRateLimit, rateKeys, RateLimitError } from "@/lib/security/rate-limit";

const LIMITED: Record<string, string> = { credentials: "login", impersonate: "impersonate" };

export async function signInRateLimit(req: NextRequest, path: string[] | undefined): Promise<Response | null> {
  if (req.method !== "POST" || path?.[0] !== "callback") return null;
  const door = LIMITED[path[1] ?? ""];
  if (!door) return null;
  let account: string | null = null;
  if (door === "login") {
    const form = await req.clone().formData().catch(() => null);
    const email = form?.get("email");
    account = typeof email === "string" && email.length > 0 ? email : null;
  }
  try {
    await enforceRateLimit(rateKeys(door, clientIp(req.headers), account));
    return null;
  } catch (e) {
    if (!(e instanceof RateLimitError)) throw e;
    const url = new URL(ROUTES.login, env().APP_URL);
    url.searchParams.set("error", e.message);
    return NextResponse.json({ message: e.message, url: url.toString() }, { status: 429, headers: { "Retry-After": String(e.retryAfterSec) } });
  }
}

"use client";
import { useEffect, useRef } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { signIn } from "next-auth/react";
import { ROUTES } from "@/lib/routes";

/** Trades the one-time token of the query for a studio session (spec §2: /impersonate-login). */
export function ImpersonateLogin() {
  const router = useRouter();
  // Never null here (App Router); typed nullable because the app also has a pages/ directory.
  const token = useSearchParams()?.get("token") ?? null;
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Failures go to the sign-in page as a document navigation, which clears any session (proxy.ts).
    if (!token) {
      window.location.replace(ROUTES.login);
      return;
    }
    signIn("impersonate", { token, redirect: false }).then((result) => {
      if (result?.ok && !result.error) {
        router.replace(ROUTES.galleries);
        router.refresh();
      } else {
        window.location.replace(ROUTES.login);
      }
    });
  }, [token, router]);

  return <p role="status">Signing you in…</p>;
}

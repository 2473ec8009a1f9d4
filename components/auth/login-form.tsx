"use client";
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import type { Session } from "next-auth";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ROUTES, safeRedirectPath } from "@/lib/routes";
import { nextAuthPath } from "@/lib/contract/open-paths";

// `forgotPasswordText`: TEXTS.forgotPassword, given by the (server) page, so the whole table of the
// app's texts (16 KB gzipped) is not in the sign-in page's scripts (issue 19 item 11).
type Props = { role: "admin" | "superadmin"; showSignup?: boolean; forgotPasswordText: string };

export function LoginForm({ role, showSignup = false, forgotPasswordText }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      role,
      redirect: false,
    });
    if (!result || result.error) {
      setPending(false);
      setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Sign-in failed. Please try again.");
      return;
    }
    const session = await signedInSession(role);
    if (!session) {
      setPending(false);
      setError("Sign-in failed. Please try again.");
      return;
    }
    // The server decided where this account lands (lib/routes.ts landingPath); only a path of this app.
    let target = safeRedirectPath(session.user.landing) ?? ROUTES.galleries;
    // Read when it is needed, not while rendering: useSearchParams() would keep the form out of the
    // server's HTML (a client-only bail-out), and the card would jump when it appeared (CLS 0.085).
    const back = safeRedirectPath(new URLSearchParams(window.location.search).get("callbackUrl"));
    if (target === ROUTES.galleries && back?.startsWith("/studio/")) target = back;
    router.replace(target);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-5" noValidate={false}>
      {error && (
        <p role="alert" data-testid="form-error" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-zinc-800">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          required
          autoComplete="email"
          className="mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor="password" className="block text-sm font-medium text-zinc-800">
            Password
          </label>
          {/* A plain link: the reset pages change no cookie, but nothing on the way to them is prefetched either. */}
          <a href={ROUTES.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
            {forgotPasswordText}
          </a>
        </div>
        <input
          id="password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          className="mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </div>
      <button type="submit" disabled={pending || !hydrated} className={buttonClass(role === "superadmin" ? "dark" : "primary", "w-full py-2.5")}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
      {showSignup && (
        <p className="text-center text-sm text-zinc-600">
          New to Vidfolio?{" "}
          <Link href={ROUTES.signup} prefetch={false} className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </p>
      )}
    </form>
  );
}

/**
 * The session the sign-in just opened: a super admin's lives in its own cookie (lib/auth/scope.ts),
 * read with `?scope=superadmin`; the face the form is for is asked first.
 */
async function signedInSession(role: string | undefined): Promise<Session | null> {
  const scopes = role === "superadmin" ? ["superadmin", "studio"] : ["studio", "superadmin"];
  for (const scope of scopes) {
    const res = await fetch(nextAuthPath("session", scope === "superadmin" ? "scope=superadmin" : ""), { credentials: "same-origin" }).catch(() => null);
    const data = (await res?.json().catch(() => null)) as Session | null;
    if (data?.user) return data;
  }
  return null;
}

"use client";
// "Forgot password?": ask for a link by email, then choose a new password from it.
import { useState } from "react";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

const input =
  "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-400";
const label = "block text-sm font-medium text-zinc-800";

function Message({ kind, children }: { kind: "error" | "done"; children: React.ReactNode }) {
  return kind === "error" ? (
    <p role="alert" data-testid="form-error" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" data-testid="form-done" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {children}
    </p>
  );
}

function BackToSignIn() {
  return (
    <p className="text-center text-sm text-zinc-600">
      <a href={ROUTES.login} className="font-semibold text-brand-700 hover:underline">
        Back to sign in
      </a>
    </p>
  );
}

const messageOf = (e: unknown) => (e instanceof ApiError ? e.message : "Something went wrong. Please try again.");

export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-5"
      onSubmit={async (e) => {
        e.preventDefault();
        const email = String(new FormData(e.currentTarget).get("email") ?? "");
        setPending(true);
        setError(null);
        try {
          setDone((await apiCall(doors.accounts.passwordReset, { body: { email } })).message);
        } catch (err) {
          setError(messageOf(err));
        }
        setPending(false);
      }}
    >
      {error && <Message kind="error">{error}</Message>}
      {done ? (
        <Message kind="done">{done}</Message>
      ) : (
        <>
          <div>
            <label htmlFor="email" className={label}>
              Email
            </label>
            <input id="email" name="email" type="email" required autoComplete="email" className={input} />
          </div>
          <button type="submit" disabled={pending || !hydrated} className={buttonClass("primary", "w-full py-2.5")}>
            {pending ? "Sending…" : "Send me a reset link"}
          </button>
        </>
      )}
      <BackToSignIn />
    </form>
  );
}

/** A reset link that cannot be used any more: said at once, with the way to a new one. */
export function InvalidResetLink() {
  return (
    <div className="space-y-5">
      <Message kind="error">{TEXTS.passwordResetInvalid}</Message>
      <a href={ROUTES.forgotPassword} className={buttonClass("primary", "w-full py-2.5")}>
        {TEXTS.passwordResetRequestNew}
      </a>
      <BackToSignIn />
    </div>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : TEXTS.passwordResetInvalid);
  if (done) {
    return (
      <div className="space-y-5">
        <Message kind="done">{done}</Message>
        <a href={ROUTES.login} className={buttonClass("primary", "w-full py-2.5")}>
          Sign in
        </a>
      </div>
    );
  }
  return (
    <form
      className="space-y-5"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setPending(true);
        setError(null);
        try {
          const body = { token, password: String(form.get("password") ?? ""), confirmPassword: String(form.get("confirmPassword") ?? "") };
          setDone((await apiCall(doors.accounts.passwordResetComplete, { body })).message);
        } catch (err) {
          setError(messageOf(err));
        }
        setPending(false);
      }}
    >
      {error && <Message kind="error">{error}</Message>}
      <div>
        <label htmlFor="password" className={label}>
          New password
        </label>
        <input id="password" name="password" type="password" required minLength={8} autoComplete="new-password" className={input} aria-describedby="password-hint" />
        <p id="password-hint" className="mt-1 text-xs text-zinc-500">
          At least 8 characters.
        </p>
      </div>
      <div>
        <label htmlFor="confirmPassword" className={label}>
          Confirm new password
        </label>
        <input id="confirmPassword" name="confirmPassword" type="password" required minLength={8} autoComplete="new-password" className={input} />
      </div>
      <button type="submit" disabled={pending || !hydrated || !token} className={buttonClass("primary", "w-full py-2.5")}>
        {pending ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}

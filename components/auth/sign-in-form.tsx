// The sign-in form, as HTML alone (it works without a script): the browser posts it to next-auth's credentials
// door (lib/auth/sign-in-door.ts), which answers with a redirect, to where the account lands or back
// here with the code of a refusal (lib/auth/sign-in-page.ts). Nothing here runs in the browser: the
// page is usable the moment it is painted, on a slow phone or with scripts off, and the browser
// itself shows the form is being sent.
import { buttonClass } from "@/components/ui/button";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { EMAIL_MAX, LOGIN_PASSWORD_MAX } from "@/lib/services/access/rules/account-limits";
import type { SignInPageProps } from "@/lib/auth/sign-in-page";

const FIELD = "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export function SignInForm({ role, action, csrfToken, error, email, callbackUrl, showSignup = false }: SignInPageProps & { showSignup?: boolean }) {
  return (
    <form action={action} method="post" className="space-y-5">
      <input type="hidden" name="csrfToken" value={csrfToken} />
      {role === "superadmin" && <input type="hidden" name="role" value="superadmin" />}
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      {error && (
        <p role="alert" data-testid="form-error" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-zinc-800">
          Email
        </label>
        {/* After a refusal the email is kept and the password field takes the focus. */}
        <input id="email" name="email" type="email" required autoComplete="email" maxLength={EMAIL_MAX} defaultValue={email} className={FIELD} />
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor="password" className="block text-sm font-medium text-zinc-800">
            Password
          </label>
          <a href={ROUTES.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
            {TEXTS.forgotPassword}
          </a>
        </div>
        <input id="password" name="password" type="password" required autoComplete="current-password" maxLength={LOGIN_PASSWORD_MAX} autoFocus={!!email} className={FIELD} />
      </div>
      <button type="submit" className={buttonClass(role === "superadmin" ? "dark" : "primary", "w-full py-2.5")}>
        Sign in
      </button>
      {showSignup && (
        <p className="text-center text-sm text-zinc-600">
          New to Vidfolio?{" "}
          <a href={ROUTES.signup} className="font-semibold text-brand-700 hover:underline">
            Sign up
          </a>
        </p>
      )}
    </form>
  );
}

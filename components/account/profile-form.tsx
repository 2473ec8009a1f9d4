"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { toast } from "sonner";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { TEXTS } from "@/lib/texts";

const input = "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/** Spec §2 Account setting and §5 Profile: the current password must validate, new and confirm must match. */
export function ProfileForm({ name, email }: { name: string; email: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const values = {
      name: String(f.get("name") ?? ""),
      email: String(f.get("email") ?? ""),
      currentPassword: String(f.get("currentPassword") ?? ""),
      newPassword: String(f.get("newPassword") ?? ""),
      confirmPassword: String(f.get("confirmPassword") ?? ""),
    };
    setBusy(true);
    setMessage(null);
    try {
      const { valid } = await apiCall(doors.accounts.validatePassword, { body: { email, password: values.currentPassword } });
      if (!valid) return setMessage({ ok: false, text: TEXTS.currentPasswordIncorrect });
      if (values.newPassword !== values.confirmPassword) return setMessage({ ok: false, text: TEXTS.passwordsDoNotMatch });
      const res = await apiCall(doors.accounts.updateProfile, {
        body: { name: values.name, email: values.email, currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      if (res.passwordChanged) {
        // The change ended every session of the account, this one included: sign this browser in again.
        await signIn("credentials", { email: values.email, password: values.newPassword, redirect: false });
      }
      setMessage({ ok: true, text: TEXTS.profileUpdated });
      toast.success(TEXTS.profileUpdated);
      form.reset();
      router.refresh();
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError && err.status < 500 ? `${TEXTS.updateFailed} ${err.message}` : TEXTS.updateFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" className="max-w-lg space-y-5">
      {message && (
        <p role={message.ok ? "status" : "alert"} data-testid="profile-message" className={`rounded-lg px-3 py-2 text-sm ${message.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}>
          {message.text}
        </p>
      )}
      <div>
        <label htmlFor="name" className="text-sm font-medium">
          Name
        </label>
        <input id="name" name="name" required defaultValue={name} className={input} autoComplete="name" />
      </div>
      <div>
        <label htmlFor="email" className="text-sm font-medium">
          Email
        </label>
        <input id="email" name="email" type="email" required defaultValue={email} className={input} autoComplete="email" />
      </div>
      <div>
        <label htmlFor="currentPassword" className="text-sm font-medium">
          Current password
        </label>
        <input id="currentPassword" name="currentPassword" type="password" required className={input} autoComplete="current-password" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="newPassword" className="text-sm font-medium">
            New password
          </label>
          <input id="newPassword" name="newPassword" type="password" minLength={8} className={input} autoComplete="new-password" />
        </div>
        <div>
          <label htmlFor="confirmPassword" className="text-sm font-medium">
            Confirm password
          </label>
          <input id="confirmPassword" name="confirmPassword" type="password" className={input} autoComplete="new-password" />
        </div>
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={busy || !hydrated}>
        {busy ? "Updating…" : "Update"}
      </button>
    </form>
  );
}

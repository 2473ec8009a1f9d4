import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { InvalidResetLink, ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { resetLinkUsable } from "@/lib/services/access";

// The token is in the address: never indexed, and never sent on to another site.
export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw.slice(0, 200) : "";
  // An expired, used or replaced link says so at once, before any password is typed.
  if (!(await resetLinkUsable(token))) {
    return (
      <AuthCard title="This link has expired" subtitle="Reset links work once, within an hour, and only the newest one.">
        <InvalidResetLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account is signed out once it is set.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}

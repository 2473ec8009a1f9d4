import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// The token is in the address: never indexed, and never sent on to another site.
export const metadata: Metadata = { title: "Choose a new password", robots: { index: false }, referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account is signed out once it is set.">
      <ResetPasswordForm token={typeof token === "string" ? token.slice(0, 200) : ""} />
    </AuthCard>
  );
}

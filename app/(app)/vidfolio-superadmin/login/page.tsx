import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: "Super admin", robots: { index: false } };

export default function SuperadminLoginPage() {
  return (
    <AuthCard title="Super admin sign-in" subtitle="For Vidfolio administrators only.">
      <LoginForm role="superadmin" forgotPasswordText={TEXTS.forgotPassword} />
    </AuthCard>
  );
}

import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: "Login" };

export default function LoginPage() {
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your studio.">
      <LoginForm role="admin" showSignup forgotPasswordText={TEXTS.forgotPassword} />
    </AuthCard>
  );
}

import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Sign up" };

export default function SignupPage() {
  return (
    <AuthCard wide title="Create your studio" subtitle="Tell us about your work. We review every studio, usually within 48 hours.">
      <SignupForm />
    </AuthCard>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { ImpersonateLogin } from "@/components/auth/impersonate-login";

export const metadata: Metadata = { title: "Signing in", robots: { index: false } };

export default function ImpersonateLoginPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 text-zinc-600">
      <Suspense>
        <ImpersonateLogin />
      </Suspense>
    </main>
  );
}

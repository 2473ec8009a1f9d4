"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { toast } from "sonner";
import { ROUTES } from "@/lib/routes";

/** Shown across the studio while a super admin is signed in as this studio. */
export function ImpersonationBanner({ studioName, adminEmail }: { studioName: string; adminEmail: string }) {
  const router = useRouter();
  async function back() {
    const result = await signIn("end-impersonation", { redirect: false });
    if (result?.ok && !result.error) {
      router.replace(ROUTES.superadminHome);
      router.refresh();
    } else {
      toast.error("Your super-admin session has ended. Please sign in again.");
      // A document navigation, so the sign-in page clears what is left of the session (proxy.ts).
      window.location.assign(ROUTES.superadminLogin);
    }
  }
  return (
    <div role="region" aria-label="Impersonation" className="flex flex-wrap items-center justify-center gap-3 bg-amber-400 px-4 py-2 text-sm font-medium text-amber-950">
      <span>
        You are signed in as <strong>{studioName}</strong> (super admin {adminEmail}).
      </span>
      <button type="button" onClick={back} className="rounded-md bg-amber-950 px-3 py-1 text-xs font-semibold text-amber-50 hover:bg-amber-900">
        Back to super admin
      </button>
    </div>
  );
}

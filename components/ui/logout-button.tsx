"use client";
import { getCsrfToken } from "next-auth/react";
import { buttonClass } from "@/components/ui/button";
import { nextAuthPath } from "@/lib/contract/open-paths";

/**
 * The plain Log Out button of the super-admin pages. It signs out the super admin's session only
 * (`?scope=superadmin`): a studio this browser is signed in as (another tab) stays signed in.
 */
export function LogoutButton({ callbackUrl }: { callbackUrl: string }) {
  async function logOut() {
    const csrfToken = (await getCsrfToken()) ?? "";
    await fetch(nextAuthPath("signout", "scope=superadmin"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl, json: "true" }),
    }).catch(() => {});
    window.location.assign(callbackUrl);
  }
  return (
    <button type="button" className={buttonClass("outline")} onClick={() => void logOut()}>
      Log Out
    </button>
  );
}

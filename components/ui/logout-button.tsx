"use client";
import { signOut } from "next-auth/react";
import { buttonClass } from "@/components/ui/button";

/** The plain Log Out button of the super-admin pages. */
export function LogoutButton({ callbackUrl }: { callbackUrl: string }) {
  return (
    <button type="button" className={buttonClass("outline")} onClick={() => signOut({ callbackUrl })}>
      Log Out
    </button>
  );
}

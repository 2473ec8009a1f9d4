"use client";
import Link from "next/link";
import * as Popover from "@radix-ui/react-popover";
import { signOut } from "next-auth/react";
import { CircleUserRound, LogOut } from "lucide-react";
import { ACCOUNT_SECTIONS, accountPath, ROUTES } from "@/lib/routes";

type Props = { name: string; email: string; creditsLabel: string };

/** The user icon of the studio header and the profile panel it opens. */
export function ProfilePanel({ name, email, creditsLabel }: Props) {
  return (
    <Popover.Root>
      <Popover.Trigger aria-label="Open profile" className="grid h-10 w-10 place-items-center rounded-full border border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50">
        <CircleUserRound className="h-6 w-6" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} aria-label="Profile" className="z-50 w-72 rounded-xl border border-zinc-200 bg-white p-4 text-sm shadow-xl">
          <p className="font-semibold text-zinc-900" data-testid="profile-name">
            {name}
          </p>
          <p className="literal truncate text-zinc-600" data-testid="profile-email">
            {email}
          </p>
          <div className="mt-3 rounded-lg bg-zinc-50 px-3 py-2">
            <p className="text-xs uppercase tracking-wide text-zinc-500">Credit balance</p>
            <p className="text-base font-semibold text-zinc-900" data-testid="profile-credits">
              {creditsLabel}
            </p>
          </div>
          <nav aria-label="Account" className="mt-3">
            <ul className="space-y-0.5">
              {ACCOUNT_SECTIONS.map((s) => (
                <li key={s.slug}>
                  <Popover.Close asChild>
                    <Link href={accountPath(s.slug)} className="block rounded-md px-2 py-1.5 text-zinc-700 hover:bg-zinc-100">
                      {s.label}
                    </Link>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            onClick={() => signOut({ callbackUrl: ROUTES.login })}
            className="mt-3 flex w-full items-center justify-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 font-semibold text-zinc-800 hover:bg-zinc-50"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            LOG OUT
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

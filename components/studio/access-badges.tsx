"use client";
import { Clock, Lock } from "lucide-react";
import { DateTime } from "@/components/ui/date-time";
import { usePast } from "@/components/ui/use-past";
import { TEXTS } from "@/lib/texts";
import type { GalleryAccessDto } from "@/lib/contract/folders";

const badge = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap";

/** A gallery's access at a glance: Locked (viewers need a password), Expires <date>, Expired. */
export function AccessBadges({ access, className = "" }: { access: GalleryAccessDto; className?: string }) {
  // Expired or not is decided in the browser, against its own clock (the page may have been rendered earlier).
  const expired = usePast(access.expiresAt);
  const expires = access.expiresAt ? new Date(access.expiresAt) : null;
  if (!access.hasPassword && !expires) return null;
  return (
    <span className={`flex flex-wrap gap-1.5 ${className}`} data-testid="access-badges">
      {access.hasPassword && (
        <span className={`${badge} bg-zinc-900 text-white`}>
          <Lock className="h-3 w-3" aria-hidden="true" />
          {TEXTS.badges.locked}
        </span>
      )}
      {expires &&
        (expired ? (
          <span className={`${badge} bg-red-100 text-red-800`}>
            <Clock className="h-3 w-3" aria-hidden="true" />
            {TEXTS.badges.expired}
          </span>
        ) : (
          <span className={`${badge} bg-amber-100 text-amber-900`}>
            <Clock className="h-3 w-3" aria-hidden="true" />
            {TEXTS.badges.expires} <DateTime value={expires} />
          </span>
        ))}
    </span>
  );
}

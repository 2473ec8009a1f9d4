"use client";
// The personal link's trade (components/gallery/guest-link.tsx) is fetched only when the address
// carries a `?k=`: most visits have none, and the public page's first load stays within its budget.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { guestTokenOfPage } from "@/lib/browser/guest-token";

const GuestLink = lazy(() => import("@/components/gallery/guest-link"));

const noop = () => () => {};
// Read once per page load: the trade takes `k` out of the address, and the notice it may show must
// stay mounted after that.
let hadToken: boolean | undefined;
const carriesToken = () => (hadToken ??= guestTokenOfPage() !== null);

export function GuestLinkIfAny({ slug }: { slug: string }) {
  const has = useSyncExternalStore(noop, carriesToken, () => false);
  return has ? (
    <Suspense fallback={null}>
      <GuestLink slug={slug} />
    </Suspense>
  ) : null;
}

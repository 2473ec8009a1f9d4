"use client";
import { useEffect, useState } from "react";
import { enterAsGuest, takeGuestToken } from "@/lib/browser/public-gates";
import { useViewer } from "@/components/gallery/viewer-locale";

/**
 * An open gallery reached by a personal link (`?k=`): the token is traded for the guest cookie at
 * once (the visit is recorded, the viewer named) and taken out of the address bar; a link that no
 * longer works says so in a small notice (the gallery stays open: it needs no link).
 */
export default function GuestLink({ slug }: { slug: string }) {
  const { t, lang } = useViewer();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const token = takeGuestToken();
    if (token !== null)
      enterAsGuest(slug, token, lang)
        .then((r) => setRefused(!r.ok && r.reason === "invite"))
        .catch(() => undefined);
  }, [slug, lang]);
  if (!refused) return null;
  return (
    <div role="status" className="fixed inset-x-3 bottom-4 z-50 mx-auto flex max-w-md items-start gap-3 rounded-xl bg-zinc-900/95 px-4 py-3 text-sm text-white shadow-2xl" data-testid="invite-invalid">
      <p className="min-w-0 flex-1">{t.viewer.inviteInvalid}</p>
      <button type="button" onClick={() => setRefused(false)} className="shrink-0 rounded px-1 text-zinc-300 hover:text-white" aria-label={t.gallery.close}>
        ×
      </button>
    </div>
  );
}

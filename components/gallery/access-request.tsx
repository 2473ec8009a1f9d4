"use client";
// An expired gallery's way back: the studio's contact (its website and social links) and "Ask for
// access", a short form that mails the studio (POST /api/public/galleries/:slug/access-request,
// lib/services/access/access-request.ts). Part of the expired notice's chunk
// (components/gallery/expired-notice.tsx): an open gallery's first load does not carry it.
import { useState } from "react";
import { PUBLIC_ACCESS_REQUEST_PATH } from "@/lib/contract/paths";
import type { publicGallery } from "@/lib/contract/public";
import { publicCall, publicDoor } from "@/lib/browser/public-call";
import { StudioLinks, type StudioContact } from "@/components/gallery/studio-links";
import { useViewer } from "@/components/gallery/viewer-locale";
import { useHydrated } from "@/components/ui/use-hydrated";

const ASK = publicDoor<typeof publicGallery.accessRequest>("POST", PUBLIC_ACCESS_REQUEST_PATH);

const field =
  "mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950/60 px-3 py-2.5 text-base text-white placeholder:text-zinc-500 focus:border-white/40 focus:ring-2 focus:ring-white/20 focus:outline-none";
const button = "w-full rounded-full bg-[color:var(--look-accent,white)] px-5 py-2.5 text-sm font-semibold text-[color:var(--look-accent-ink,#09090b)] hover:brightness-90 disabled:opacity-60";

export default function AccessRequest({ slug, contact }: { slug: string; contact: StudioContact }) {
  const { t } = useViewer();
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<"closed" | "form" | "sent">("closed");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    setError(null);
    const res = await publicCall(ASK, { params: { slug }, body: { name: text("name"), email: text("email"), message: text("message") || undefined } });
    setBusy(false);
    if (res.ok) return setPhase("sent");
    setError(res.code === "rate_limited" ? t.viewer.tooManyAttempts : t.viewer.accessFailed);
  }

  return (
    <div data-testid="access-request">
      <StudioLinks studio={contact} />
      {phase === "closed" && (
        <button type="button" disabled={!hydrated} onClick={() => setPhase("form")} className={`mt-6 ${button}`} data-testid="ask-access">
          {t.viewer.accessAsk}
        </button>
      )}
      {phase === "sent" && (
        <p role="status" className="mt-6 text-sm text-emerald-300" data-testid="access-sent">
          {t.viewer.accessSent}
        </p>
      )}
      {phase === "form" && (
        <form onSubmit={(e) => void submit(e)} className="mt-6 rounded-2xl border border-white/10 bg-white/5 p-5 text-left shadow-2xl backdrop-blur" data-testid="access-form">
          <label className="block text-sm font-medium text-zinc-200">
            {t.viewer.accessName}
            <input name="name" required maxLength={100} autoComplete="name" autoFocus className={field} />
          </label>
          <label className="mt-4 block text-sm font-medium text-zinc-200">
            {t.viewer.accessEmail}
            <input name="email" type="email" required maxLength={254} autoComplete="email" className={field} />
          </label>
          <label className="mt-4 block text-sm font-medium text-zinc-200">
            {t.viewer.accessMessage}
            <textarea name="message" rows={3} maxLength={1000} className={field} />
          </label>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-col gap-2">
            <button type="submit" disabled={busy} className={button}>
              {t.viewer.accessSend}
            </button>
            <button type="button" onClick={() => setPhase("closed")} className="rounded-full px-5 py-2 text-sm text-zinc-300 hover:bg-white/10">
              {t.viewer.accessCancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

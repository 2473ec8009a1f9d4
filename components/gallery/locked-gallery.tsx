"use client";
import { useEffect, useState } from "react";
import { LockIcon } from "@/components/gallery/icons";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GalleryNotice } from "@/components/gallery/gallery-notice";
import ExpiredNotice from "@/components/gallery/expired-notice";
import type { NoticeBrand } from "@/lib/services/public/rules/public-view";
import { contentForThisBrowser, refusalText, unlockGallery } from "@/lib/browser/public-gates";
import type { GalleryContent } from "@/lib/contract/public";
import { useViewer } from "@/components/gallery/viewer-locale";

type Props = { slug: string; title: string; studio: NoticeBrand };

/**
 * A password-protected gallery. The cached page holds only this form (studio name and logo,
 * gallery title); the films come from the API once this browser has the unlock cookie.
 */
export function LockedGallery({ slug, title, studio }: Props) {
  const { t, lang } = useViewer();
  const [content, setContent] = useState<GalleryContent | null>(null);
  const [phase, setPhase] = useState<"checking" | "form" | "expired">("checking");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // A refused personal link says why on the form.
    contentForThisBrowser(slug, lang)
      .then((r) => {
        if (!live) return;
        if (r.ok) setContent(r.content);
        else setPhase(r.reason === "expired" ? "expired" : "form");
        if (!r.ok && r.invite) setError(t.viewer.inviteInvalid);
      })
      .catch(() => live && setPhase("form"));
    return () => {
      live = false;
    };
  }, [slug, t, lang]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!password) return setError(t.viewer.wrongPassword);
    setBusy(true);
    setError(null);
    try {
      const r = await unlockGallery(slug, password);
      if (r.ok) return setContent(r.content);
      if (r.reason === "expired") return setPhase("expired");
      setError(refusalText(t, r.reason, "password"));
    } catch {
      setError(t.serverError);
    } finally {
      setBusy(false);
    }
  }

  if (content) return <GalleryView initial={content.state} studio={content.studio} preview={false} expiresAt={content.expiresAt} />;
  if (phase === "expired") return <ExpiredNotice studio={studio} title={title} slug={slug} />;

  return (
    <GalleryNotice studio={studio} title={title} testId="gallery-locked">
      <form onSubmit={submit} className="rounded-2xl border border-white/10 bg-white/5 p-6 text-left shadow-2xl backdrop-blur" aria-busy={phase === "checking"}>
        <p className="flex items-center gap-2 font-medium text-white">
          <LockIcon className="h-4 w-4" />
          {t.viewer.passwordHeading}
        </p>
        <p className="mt-1 text-sm text-zinc-400">{t.viewer.passwordHint}</p>
        <label htmlFor="gallery-password" className="mt-5 block text-sm font-medium text-zinc-200">
          {t.viewer.passwordLabel}
        </label>
        <input
          id="gallery-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? "gallery-password-error" : undefined}
          className="mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950/60 px-3 py-2.5 text-base text-white placeholder:text-zinc-500 focus:border-white/40 focus:ring-2 focus:ring-white/20 focus:outline-none"
        />
        {error && (
          <p id="gallery-password-error" role="alert" className="mt-2 text-sm text-red-300">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy || phase === "checking"}
          className="mt-5 w-full rounded-full bg-[color:var(--look-accent,white)] px-5 py-2.5 text-sm font-semibold text-[color:var(--look-accent-ink,#09090b)] hover:brightness-90 disabled:opacity-60"
        >
          {t.viewer.unlock}
        </button>
      </form>
    </GalleryNotice>
  );
}

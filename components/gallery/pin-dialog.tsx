"use client";
// A download of a gallery with a download PIN (loaded only when such a link is clicked): the server
// is asked whether this browser must give the PIN (not when it gave it already, or is a guest who
// may download); if not the download starts at once, else the PIN dialog asks for it (telling a guest
// whose mail did not include the PIN to ask the studio for it): a labelled
// field, its error said to screen readers, Enter sends, Escape or Cancel closes, focus back on what
// opened it, and the download starts once the PIN is right.
import { useEffect, useState } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";
import { DialogShell } from "@/components/ui/dialog";
import { downloadPinRequired, refusalText, sendDownloadPin } from "@/lib/browser/public-gates";
import { useViewer } from "@/components/gallery/viewer-locale";
import { DOWNLOAD_PIN_DIGITS, DOWNLOAD_PIN_PATTERN } from "@/lib/limits";
import { saveLink as startDownload } from "@/lib/browser/save-link";

type Props = { gallery: string; href: string; onDone: () => void };

/** The download of `href`: at once when no PIN is asked of this browser, else once the PIN is given. */
export default function PinFlow({ gallery, href, onDone }: Props) {
  const [asked, setAsked] = useState<{ askStudio: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void downloadPinRequired(gallery).then(({ required, askStudio }) => {
      if (!live) return;
      if (required) return setAsked({ askStudio });
      startDownload(href);
      onDone();
    });
    return () => {
      live = false;
    };
  }, [gallery, href, onDone]);
  if (!asked) return null;
  return (
    <PinDialog
      gallery={gallery}
      askStudio={asked.askStudio}
      onClose={onDone}
      onGiven={() => {
        startDownload(href);
        onDone();
      }}
    />
  );
}

/** The PIN dialog; `askStudio` unknown (a download's refusal opened it): asked of the server. */
export function PinDialog({ gallery, askStudio, onGiven, onClose }: { gallery: string; askStudio?: boolean; onGiven: () => void; onClose: () => void }) {
  const { t } = useViewer();
  const T = t.viewer;
  const [askTheStudio, setAskTheStudio] = useState(askStudio === true);
  useEffect(() => {
    if (askStudio !== undefined) return;
    let live = true;
    void downloadPinRequired(gallery).then((r) => live && setAskTheStudio(r.askStudio));
    return () => {
      live = false;
    };
  }, [gallery, askStudio]);
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = pin.trim();
    if (!DOWNLOAD_PIN_PATTERN.test(value)) return setError(T.pinInvalid);
    setBusy(true);
    setError(null);
    try {
      const r = await sendDownloadPin(gallery, value);
      if (r.ok) return onGiven();
      setError(refusalText(t, r.reason, "pin"));
    } catch {
      setError(t.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      overlayClassName="fixed inset-0 z-[60] bg-black/70 backdrop-blur-[2px]"
      className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-zinc-900 p-6 text-left text-zinc-100 shadow-2xl focus:outline-none"
      described
      testId="pin-dialog"
    >
      <RadixDialog.Title className="text-lg font-semibold text-white">{T.pinHeading}</RadixDialog.Title>
      <RadixDialog.Description className="mt-1 text-sm text-zinc-400">{askTheStudio ? T.pinAskStudio : T.pinRequired}</RadixDialog.Description>
      <form onSubmit={submit} className="mt-5" noValidate>
        <label htmlFor="download-pin" className="block text-sm font-medium text-zinc-200">
          {T.pinLabel}
        </label>
        <input
          id="download-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={DOWNLOAD_PIN_DIGITS.max}
          value={pin}
          onChange={(e) => {
            setPin(e.target.value);
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? "download-pin-error" : undefined}
          className="mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950/60 px-3 py-2.5 text-base tracking-[0.3em] text-white focus:border-white/40 focus:ring-2 focus:ring-white/20 focus:outline-none"
        />
        {error && (
          <p id="download-pin-error" role="alert" className="mt-2 text-sm text-red-300">
            {error}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <RadixDialog.Close className="rounded-full border border-white/20 px-4 py-2 text-sm font-medium text-zinc-200 hover:bg-white/10">{T.pinCancel}</RadixDialog.Close>
          <button type="submit" disabled={busy} className="rounded-full bg-white px-5 py-2 text-sm font-semibold text-zinc-950 hover:bg-zinc-200 disabled:opacity-60">
            {T.pinSubmit}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}

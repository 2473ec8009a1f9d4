"use client";
import { useEditor } from "@/components/studio/editor/editor-context";
import { useCallback, useEffect, useState } from "react";
import { CalendarClock, Download, KeyRound, Sparkles } from "lucide-react";
import { toast } from "sonner";
import { Card, inputClass } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { formatDateTime } from "@/lib/format";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { generatePassphrase } from "@/lib/services/access/rules/passphrase";
import { GALLERY_PASSWORD_MIN } from "@/lib/validation/public";
import { DOWNLOAD_PIN_DIGITS, DOWNLOAD_PIN_PATTERN } from "@/lib/limits";

type Access = { hasPassword: boolean; hasDownloadPin: boolean; expiresAt: string | null; audience: "link" | "invited" };

/** `2026-12-31T18:00` in the browser's zone, for a datetime-local input. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Beyond the spec: a viewers' password and an expiry date for the gallery. */
export function AccessPanel({ galleryId }: { galleryId: string }) {
  const [access, setOwnAccess] = useState<Access | null>(null);
  const { setGallery } = useEditor();
  const confirm = useConfirm();
  // The editor's badges (Locked, Expires, Expired) follow what is saved here.
  const setAccess = useCallback(
    (next: Access) => {
      setOwnAccess(next);
      setGallery((g) => (g.access.hasPassword === next.hasPassword && g.access.expiresAt === next.expiresAt ? g : { ...g, access: { hasPassword: next.hasPassword, expiresAt: next.expiresAt } }));
    },
    [setGallery],
  );
  const [password, setPassword] = useState("");
  // A generated passphrase is shown in clear, so the studio can copy it for the client.
  const [generated, setGenerated] = useState(false);
  const [pin, setPin] = useState("");
  const [expiry, setExpiry] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    apiCall(doors.galleries.access, { params: { id: galleryId } })
      .then(({ access }) => {
        setAccess(access);
        setExpiry(localInput(access.expiresAt));
      })
      .catch(() => setError(TEXTS.access.saveFailed));
  }, [galleryId, setAccess]);

  async function save(body: { password?: string | null; downloadPin?: string | null; expiresAt?: string | null }, done: string) {
    setBusy(true);
    setError(null);
    try {
      const res = await apiCall(doors.galleries.setAccess, { params: { id: galleryId }, body });
      setAccess(res.access);
      setExpiry(localInput(res.access.expiresAt));
      setPassword("");
      setPin("");
      setGenerated(false);
      toast.success(done);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : TEXTS.access.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  function savePassword(e: React.FormEvent) {
    e.preventDefault();
    if (password.length < GALLERY_PASSWORD_MIN) return setError(TEXTS.access.passwordTooShort);
    void save({ password }, TEXTS.access.passwordSaved);
  }

  function savePin(e: React.FormEvent) {
    e.preventDefault();
    if (!DOWNLOAD_PIN_PATTERN.test(pin)) return setError(TEXTS.access.pinInvalid);
    void save({ downloadPin: pin }, TEXTS.access.pinSaved);
  }

  // An expiry already past closes the gallery at once (the door takes it, as documented): asked first.
  async function saveExpiry(e: React.FormEvent) {
    e.preventDefault();
    const at = new Date(expiry);
    if (!expiry || Number.isNaN(at.getTime())) return setError(TEXTS.access.expiryInvalid);
    const t = TEXTS.access;
    if (at.getTime() <= Date.now() && !(await confirm(t.pastExpiryBody(formatDateTime(at)), { title: t.pastExpiryTitle, confirmLabel: t.pastExpiryConfirm, tone: "danger" }))) return;
    void save({ expiresAt: at.toISOString() }, TEXTS.access.expirySaved);
  }

  return (
    <section aria-labelledby="access-heading" className="mt-8">
      <h2 id="access-heading" className="text-base font-bold tracking-tight text-zinc-900">
        {TEXTS.access.title}
      </h2>
      <p className="mt-1 text-sm text-zinc-500">{TEXTS.access.description}</p>
      <Card className="mt-4 space-y-6">
        <form onSubmit={savePassword}>
          <label htmlFor="gallery-access-password" className="flex items-center gap-2 text-sm font-medium text-zinc-700">
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Viewer password
          </label>
          <p className="mt-0.5 text-xs text-zinc-500" data-testid="access-password-state">
            {access === null ? "…" : access.hasPassword ? TEXTS.access.passwordSet : access.audience === "invited" ? TEXTS.access.passwordNoneInvited : TEXTS.access.passwordNone}
          </p>
          <input
            id="gallery-access-password"
            type={generated ? "text" : "password"}
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setGenerated(false);
            }}
            placeholder={access?.hasPassword ? "New password" : "Password"}
            aria-describedby="gallery-access-password-hint"
            className={inputClass}
            disabled={access === null}
          />
          <p id="gallery-access-password-hint" className="mt-1 text-xs text-zinc-500" data-testid="access-password-hint">
            {generated ? TEXTS.access.generatedPassphrase : TEXTS.access.passwordHint}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass("dark")} disabled={busy || access === null}>
              {access?.hasPassword ? "Change password" : "Set password"}
            </button>
            <button
              type="button"
              className={buttonClass("outline")}
              disabled={busy || access === null}
              onClick={() => {
                setPassword(generatePassphrase());
                setGenerated(true);
                setError(null);
              }}
            >
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              {TEXTS.access.generatePassphrase}
            </button>
            {access?.hasPassword && (
              <button type="button" className={buttonClass("outline")} disabled={busy} onClick={() => save({ password: null }, TEXTS.access.passwordRemoved)}>
                Remove password
              </button>
            )}
          </div>
        </form>
        <form onSubmit={savePin}>
          <label htmlFor="gallery-access-pin" className="flex items-center gap-2 text-sm font-medium text-zinc-700">
            <Download className="h-4 w-4" aria-hidden="true" />
            {TEXTS.access.pinLabel}
          </label>
          <p className="mt-0.5 text-xs text-zinc-500" data-testid="access-pin-state">
            {access === null ? "…" : access.hasDownloadPin ? TEXTS.access.pinSet : TEXTS.access.pinNone}
          </p>
          <input
            id="gallery-access-pin"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={DOWNLOAD_PIN_DIGITS.max}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/[^0-9]/g, ""))}
            placeholder={access?.hasDownloadPin ? "New PIN" : "PIN"}
            aria-describedby="gallery-access-pin-hint"
            className={inputClass}
            disabled={access === null}
          />
          <p id="gallery-access-pin-hint" className="mt-1 text-xs text-zinc-500">
            {TEXTS.access.pinHint}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass("dark")} disabled={busy || access === null}>
              {access?.hasDownloadPin ? "Change PIN" : "Set PIN"}
            </button>
            {access?.hasDownloadPin && (
              <button type="button" className={buttonClass("outline")} disabled={busy} onClick={() => save({ downloadPin: null }, TEXTS.access.pinRemoved)}>
                Remove PIN
              </button>
            )}
          </div>
        </form>
        <form onSubmit={(e) => void saveExpiry(e)}>
          <label htmlFor="gallery-access-expiry" className="flex items-center gap-2 text-sm font-medium text-zinc-700">
            <CalendarClock className="h-4 w-4" aria-hidden="true" />
            Expires on
          </label>
          <input id="gallery-access-expiry" type="datetime-local" value={expiry} onChange={(e) => setExpiry(e.target.value)} className={inputClass} disabled={access === null} />
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass("dark")} disabled={busy || access === null}>
              Save expiry
            </button>
            {access?.expiresAt && (
              <button type="button" className={buttonClass("outline")} disabled={busy} onClick={() => save({ expiresAt: null }, TEXTS.access.expiryRemoved)}>
                Never expire
              </button>
            )}
          </div>
        </form>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </Card>
    </section>
  );
}

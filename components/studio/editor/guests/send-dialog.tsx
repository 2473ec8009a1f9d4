"use client";
// The send dialog: before a delivery mail goes to one guest or to all, the studio
// may write a subject and a personal message, choose what the mail says of the download PIN, the
// guest's language (one guest; sending to all, each guest's language in a list, set at once on the
// guest) and a later moment; Preview shows the very mail the guest will get
// (the server renders it with the send's renderer and inputs) in a sandboxed frame that runs nothing.
// Sending to several guests, the studio chooses whose mail the preview shows (each guest's own:
// their name, language and personal link); a preview answered after a newer choice is dropped. An
// open preview follows the studio's edits (asked again after half a second without a change).
import { useEffect, useId, useRef, useState } from "react";
import { Eye, Send } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { previewDocument } from "@/lib/browser/mail-preview";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { MAIL_MESSAGE_MAX, MAIL_SUBJECT_MAX } from "@/lib/validation/invites";
import type { DownloadPinForMail, InviteDto, MailPreviewDto } from "@/lib/contract/guests";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import { GuestLanguageSelect, LanguageOptions, languageName } from "@/components/studio/editor/guests/guest-language";

/** One guest, or every guest whose link works (`guests`, at least one: the preview can show any of them). */
type SendTarget = { kind: "one"; invite: InviteDto } | { kind: "all"; count: number; guests: InviteDto[] };

export type SendChoice = { subject?: string; message?: string; pinInMail?: boolean; language?: ViewerLanguage; sendAt?: string };

type Props = {
  galleryId: string;
  target: SendTarget;
  downloadPin: DownloadPinForMail;
  onClose: () => void;
  /** Sends (or schedules) with the choice; throws an ApiError to show. */
  onSend: (choice: SendChoice) => Promise<void>;
  /** A guest's language changed in the dialog (sending to all): the guest as saved. */
  onInviteChanged?: (invite: InviteDto) => void;
};

const field = "mt-1 block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-zinc-500 focus:ring-2 focus:ring-zinc-300 focus:outline-none";
const label = "block text-sm font-medium text-zinc-800";
/** A guest as the preview's choice names them: name and address, and their language when the invite has one. */
const guestLabel = (i: InviteDto): string => `${i.name ? `${i.name} <${i.email}>` : i.email}${i.language ? ` · ${languageName(i.language)}` : ""}`;

export function SendDialog({ galleryId, target, downloadPin, onClose, onSend, onInviteChanged }: Props) {
  const id = useId();
  const one = target.kind === "one" ? target.invite : null;
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [pinInMail, setPinInMail] = useState(one?.pinInMail === true && downloadPin === "mailable");
  const [language, setLanguage] = useState<ViewerLanguage | "">((one?.language as ViewerLanguage | null) ?? "");
  const [later, setLater] = useState("");
  const guests = target.kind === "one" ? [target.invite] : target.guests;
  const [previewId, setPreviewId] = useState(guests[0].id);
  const previewGuest = guests.find((g) => g.id === previewId) ?? guests[0];
  /** The preview on screen, with the choices it was made from (`made`). */
  const [preview, setPreview] = useState<(MailPreviewDto & { guest: InviteDto; made: string }) | null>(null);
  const [busy, setBusy] = useState<"preview" | "send" | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The latest preview asked for: an earlier one answering later is not shown. */
  const asked = useRef(0);

  const choice = (): SendChoice => ({
    ...(subject.trim() ? { subject } : {}),
    ...(message.trim() ? { message } : {}),
    ...(downloadPin !== "none" ? { pinInMail } : {}),
    ...(one && language ? { language } : {}),
    ...(later ? { sendAt: new Date(later).toISOString() } : {}),
  });

  /** What the mail says (the moment it goes does not change it). */
  const mailOptions = () => {
    const { sendAt: _later, ...options } = choice();
    return options;
  };
  // The previewed guest's language is the mail's too (sending to all, it is changed on the guest).
  const wanted = JSON.stringify([mailOptions(), previewGuest.mailLanguage]);

  async function run(kind: "preview" | "send", guest = previewGuest) {
    const ask = ++asked.current;
    setBusy(kind);
    setError(null);
    try {
      if (kind === "send") return await onSend(choice());
      const shown = await apiCall(doors.guests.preview, { params: { id: galleryId, inviteId: guest.id }, body: mailOptions() });
      if (ask === asked.current) setPreview({ ...shown, guest, made: wanted });
    } catch (e) {
      if (ask === asked.current) setError(e instanceof ApiError ? e.message : kind === "send" ? TEXTS.guests.sendFailed : TEXTS.guests.previewFailed);
    } finally {
      if (ask === asked.current) setBusy(null);
    }
  }

  // A preview on screen follows the subject, the message, the PIN's line and the language as the
  // studio changes them: asked again after half a second without a change.
  useEffect(() => {
    if (!preview || preview.made === wanted) return;
    const timer = window.setTimeout(() => void run("preview", preview.guest), 500);
    return () => window.clearTimeout(timer);
    // `run` reads this render's choices, which `wanted` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, preview]);

  /** Another guest's mail in the preview: shown at once when a preview is open. */
  function choosePreview(inviteId: string) {
    setPreviewId(inviteId);
    const guest = guests.find((g) => g.id === inviteId);
    if (preview && guest) void run("preview", guest);
  }

  const title = one ? TEXTS.guests.sendDialogTitle(one.name || one.email) : TEXTS.guests.sendAllDialogTitle;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      width={preview ? 760 : 520}
      footer={
        <>
          <button type="button" className={buttonClass("outline")} onClick={() => run("preview")} disabled={busy !== null} data-testid="send-preview">
            <Eye className="h-4 w-4" aria-hidden="true" />
            {TEXTS.guests.preview}
          </button>
          <button type="button" className={buttonClass("primary")} onClick={() => run("send")} disabled={busy !== null} data-testid="send-confirm">
            <Send className="h-4 w-4" aria-hidden="true" />
            {later ? TEXTS.guests.schedule : target.kind === "all" ? TEXTS.guests.sendAllCount(target.count) : TEXTS.guests.sendNow}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={`${id}-subject`} className={label}>
            {TEXTS.guests.subjectLabel}
          </label>
          <input id={`${id}-subject`} className={field} value={subject} maxLength={MAIL_SUBJECT_MAX} placeholder={TEXTS.guests.subjectPlaceholder} onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-message`} className={label}>
            {TEXTS.guests.messageLabel}
          </label>
          <textarea
            id={`${id}-message`}
            className={`${field} min-h-28`}
            value={message}
            maxLength={MAIL_MESSAGE_MAX}
            aria-describedby={`${id}-message-hint`}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p id={`${id}-message-hint`} className="mt-1 text-xs text-zinc-500">
            {TEXTS.guests.messageHint} ({message.length.toLocaleString("en-US")}/{MAIL_MESSAGE_MAX.toLocaleString("en-US")})
          </p>
        </div>
        {downloadPin !== "none" && (
          <fieldset>
            <legend className={label}>{TEXTS.guests.pinChoiceLegend}</legend>
            <div className="mt-1 space-y-1 text-sm text-zinc-800">
              <label className="flex items-center gap-2">
                <input type="radio" name={`${id}-pin`} checked={!pinInMail} onChange={() => setPinInMail(false)} />
                {TEXTS.guests.pinAskStudio}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name={`${id}-pin`} checked={pinInMail} disabled={downloadPin === "unreadable"} onChange={() => setPinInMail(true)} />
                {TEXTS.guests.pinInMail}
              </label>
              {downloadPin === "unreadable" && <p className="text-xs text-zinc-500">{TEXTS.guests.pinNotReadable}</p>}
            </div>
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {one && (
            <div>
              <label htmlFor={`${id}-language`} className={label}>
                {TEXTS.guests.languageLabel}
              </label>
              <select id={`${id}-language`} className={field} value={language} onChange={(e) => setLanguage(e.target.value as ViewerLanguage | "")}>
                <option value="">{TEXTS.guests.languageGuest(languageName(one.mailLanguage))}</option>
                <LanguageOptions />
              </select>
            </div>
          )}
          <div>
            <label htmlFor={`${id}-later`} className={label}>
              {TEXTS.guests.scheduleLabel}
            </label>
            <input id={`${id}-later`} type="datetime-local" className={field} value={later} aria-describedby={`${id}-later-hint`} onChange={(e) => setLater(e.target.value)} />
            <p id={`${id}-later-hint`} className="mt-1 text-xs text-zinc-500">
              {TEXTS.guests.scheduleHint}
            </p>
          </div>
        </div>
        {target.kind === "all" && (
          <fieldset>
            <legend className={label}>{TEXTS.guests.guestLanguages}</legend>
            <p className="mt-0.5 text-xs text-zinc-500">{TEXTS.guests.guestLanguagesHint}</p>
            <ul className="mt-2 max-h-48 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200" data-testid="send-guest-languages">
              {guests.map((g) => (
                <li key={g.id} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm" data-email={g.email}>
                  <span className="min-w-0 truncate text-zinc-800" title={g.email}>
                    {g.name || g.email}
                  </span>
                  <GuestLanguageSelect galleryId={galleryId} invite={g} onSaved={(saved) => onInviteChanged?.(saved)} />
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {guests.length > 1 && (
          <div>
            <label htmlFor={`${id}-preview-for`} className={label}>
              {TEXTS.guests.previewFor}
            </label>
            <select
              id={`${id}-preview-for`}
              className={field}
              value={previewGuest.id}
              aria-describedby={`${id}-preview-for-hint`}
              onChange={(e) => choosePreview(e.target.value)}
              data-testid="preview-guest"
            >
              {guests.map((g) => (
                <option key={g.id} value={g.id}>
                  {guestLabel(g)}
                </option>
              ))}
            </select>
            <p id={`${id}-preview-for-hint`} className="mt-1 text-xs text-zinc-500">
              {TEXTS.guests.previewForHint}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        {preview && (
          <section aria-label={TEXTS.guests.previewTitle} aria-busy={busy === "preview"} data-testid="mail-preview">
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-zinc-600">
              <dt className="font-medium text-zinc-800">{TEXTS.guests.previewTo}:</dt>
              <dd className="min-w-0 break-words" data-testid="mail-preview-to">
                {preview.guest.name ? `${preview.guest.name} <${preview.guest.email}>` : preview.guest.email}
              </dd>
              <dt className="font-medium text-zinc-800">{TEXTS.guests.previewLanguage}:</dt>
              <dd data-testid="mail-preview-language" lang={preview.language}>
                {languageName(preview.language)}
              </dd>
              <dt className="font-medium text-zinc-800">{TEXTS.guests.previewSubject}:</dt>
              <dd className="min-w-0 break-words" data-testid="mail-preview-subject">
                {preview.subject}
              </dd>
            </dl>
            {/* sandbox="": the mail's HTML runs no script, submits nothing, navigates nowhere. */}
            <iframe title={TEXTS.guests.previewTitle} sandbox="" srcDoc={previewDocument(preview.html)} className="mt-2 h-[60vh] w-full rounded-lg border border-zinc-200 bg-zinc-100" />
          </section>
        )}
      </div>
    </Dialog>
  );
}

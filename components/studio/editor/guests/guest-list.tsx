"use client";
import { useState } from "react";
import { Ban, CalendarX, Copy, Send } from "lucide-react";
import { toast } from "sonner";
import { copyText } from "@/components/studio/editor/copy-text";
import { useConfirm } from "@/components/ui/confirm";
import { DateTime } from "@/components/ui/date-time";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { SendDialog, type SendChoice } from "@/components/studio/editor/guests/send-dialog";
import type { DownloadPinForMail, InviteDto } from "@/lib/contract/guests";
import { Dialog } from "@/components/ui/dialog";
import type { useGalleryAudience } from "@/components/studio/editor/audience";
import { GuestLanguageSelect } from "@/components/studio/editor/guests/guest-language";

type Audience = ReturnType<typeof useGalleryAudience>;

const small = "px-2.5 py-1.5 text-xs";

function Badge({ tone, children }: { tone: "red" | "zinc" | "green"; children: React.ReactNode }) {
  const colors = { red: "bg-red-50 text-red-700 ring-red-200", zinc: "bg-zinc-100 text-zinc-700 ring-zinc-200", green: "bg-emerald-50 text-emerald-700 ring-emerald-200" }[tone];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${colors}`}>{children}</span>;
}

/** Sent / Opened / Visited with their dates; or Not sent; and a scheduled send. */
function Delivery({ invite }: { invite: InviteDto }) {
  const scheduled = invite.scheduledFor && (
    <p className="text-xs font-medium text-amber-800" data-testid="guest-scheduled">
      {TEXTS.guests.scheduledFor} <DateTime value={invite.scheduledFor} />
    </p>
  );
  const all: { label: string; at: string | null }[] = [
    { label: TEXTS.guests.statusSent, at: invite.sentAt },
    { label: TEXTS.guests.statusOpened, at: invite.openedAt },
    { label: TEXTS.guests.statusVisited, at: invite.lastVisitedAt ?? invite.visitedAt },
  ];
  const steps = all.flatMap((s) => (s.at === null ? [] : [{ label: s.label, at: s.at }]));
  if (steps.length === 0)
    return (
      <>
        <p className="text-xs text-zinc-500">{TEXTS.guests.statusNotSent}</p>
        {scheduled}
      </>
    );
  return (
    <>
      {scheduled}
      <ul className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-zinc-600" data-testid="guest-status">
        {steps.map((s) => (
          <li key={s.label}>
            <span className="font-medium text-zinc-800">{s.label}</span> <DateTime value={s.at} />
          </li>
        ))}
      </ul>
    </>
  );
}

function GuestRow({ galleryId, invite, downloadPin, onChanged, audience }: { galleryId: string; invite: InviteDto; downloadPin: DownloadPinForMail; onChanged: () => void; audience: Audience }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const who = invite.name || invite.email;
  const usable = !invite.revoked && !invite.expired;

  async function act(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : TEXTS.guests.saveFailed);
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  async function copy() {
    if (!invite.link) return;
    try {
      await copyText(invite.link);
      toast.success(TEXTS.linkCopied);
    } catch {
      toast.error("The link could not be copied. Select it and copy it by hand.");
    }
  }

  /** From the send dialog: a refusal stays in the dialog (thrown); done, the dialog closes. */
  async function send(choice: SendChoice) {
    setBusy(true);
    try {
      await apiCall(doors.guests.send, { params: { id: galleryId, inviteId: invite.id }, body: choice });
      setDialog(false);
      toast.success(choice.sendAt ? TEXTS.guests.scheduled(who) : TEXTS.guests.sent(who));
    } finally {
      setBusy(false);
      onChanged();
    }
  }
  const cancelScheduled = () => act(() => apiCall(doors.guests.cancelSend, { params: { id: galleryId, inviteId: invite.id } }), TEXTS.guests.scheduleCancelled);
  const revokeNow = () => act(() => apiCall(doors.guests.revoke, { params: { id: galleryId, inviteId: invite.id } }), TEXTS.guests.revoked);
  // A gallery anyone with its link may open stays open to the revoked guest through that link: the
  // dialog says so and offers to allow only invited guests.
  const revoke = async () => {
    if (audience.audience === "link") return setRevoking(true);
    if (await confirm(TEXTS.guests.revokeConfirm(who), { title: TEXTS.guests.revoke, confirmLabel: TEXTS.guests.revoke })) await revokeNow();
  };
  const revokeFromDialog = async (invited: boolean) => {
    setRevoking(false);
    await revokeNow();
    if (invited) await audience.setAudience("invited");
  };

  return (
    <li className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm" data-testid="guest-row" data-email={invite.email}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-semibold break-words text-zinc-900">{invite.name || invite.email}</p>
        {invite.revoked && <Badge tone="red">{TEXTS.guests.badgeRevoked}</Badge>}
        {!invite.revoked && invite.expired && <Badge tone="red">{TEXTS.guests.badgeExpired}</Badge>}
        {invite.mayDownload && <Badge tone="green">{TEXTS.guests.badgeMayDownload}</Badge>}
        {invite.mayComment && <Badge tone="green">{TEXTS.guests.badgeMayComment}</Badge>}
        {invite.mayApprove && <Badge tone="green">{TEXTS.guests.badgeMayApprove}</Badge>}
      </div>
      {invite.name && <p className="text-sm break-all text-zinc-600">{invite.email}</p>}
      <div className="mt-2 space-y-1">
        <Delivery invite={invite} />
        {!invite.revoked && (
          <p className="flex items-center gap-2 text-xs text-zinc-500">
            {TEXTS.guests.listLanguage}
            <GuestLanguageSelect galleryId={galleryId} invite={invite} onSaved={() => onChanged()} />
          </p>
        )}
        {invite.expiresAt && (
          <p className="text-xs text-zinc-500">
            {TEXTS.guests.expiresOn} <DateTime value={invite.expiresAt} />
          </p>
        )}
      </div>
      {invite.link && (
        <input
          readOnly
          value={invite.link}
          aria-label={`Personal link of ${who}`}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-3 block w-full min-w-0 truncate rounded-md border border-zinc-200 bg-zinc-50 px-2 py-1 font-mono text-xs text-zinc-600"
          data-testid="guest-link"
        />
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {invite.link && (
          <button type="button" className={buttonClass("outline", small)} onClick={copy} disabled={busy}>
            <Copy className="h-3.5 w-3.5" aria-hidden="true" />
            {TEXTS.guests.copyLink}
          </button>
        )}
        {usable && (
          <button
            type="button"
            className={buttonClass("outline", small)}
            onClick={() => setDialog(true)}
            disabled={busy}
            aria-label={`${invite.sentAt ? TEXTS.guests.resend : TEXTS.guests.send} to ${who}`}
          >
            <Send className="h-3.5 w-3.5" aria-hidden="true" />
            {invite.sentAt ? TEXTS.guests.resend : TEXTS.guests.send}
          </button>
        )}
        {invite.scheduledFor && (
          <button type="button" className={buttonClass("outline", small)} onClick={cancelScheduled} disabled={busy}>
            <CalendarX className="h-3.5 w-3.5" aria-hidden="true" />
            {TEXTS.guests.cancelSchedule}
          </button>
        )}
        {!invite.revoked && (
          <button type="button" className={buttonClass("ghost", `${small} text-red-700 hover:bg-red-50`)} onClick={revoke} disabled={busy} aria-label={`${TEXTS.guests.revoke} ${who}`}>
            <Ban className="h-3.5 w-3.5" aria-hidden="true" />
            {TEXTS.guests.revoke}
          </button>
        )}
      </div>
      {dialog && <SendDialog galleryId={galleryId} target={{ kind: "one", invite }} downloadPin={downloadPin} onClose={() => setDialog(false)} onSend={send} />}
      <Dialog
        open={revoking}
        onOpenChange={setRevoking}
        title={TEXTS.guests.revoke}
        description={TEXTS.guests.revokeConfirmOpen(who)}
        width={480}
        footer={
          <div className="flex flex-wrap justify-end gap-2" data-testid="revoke-dialog-actions">
            <button type="button" className={buttonClass("outline")} onClick={() => setRevoking(false)}>
              Cancel
            </button>
            <button type="button" className={buttonClass("outline", "text-red-700")} onClick={() => void revokeFromDialog(false)}>
              {TEXTS.guests.revokeOnly}
            </button>
            <button type="button" className={buttonClass("danger")} onClick={() => void revokeFromDialog(true)}>
              {TEXTS.guests.revokeAndInvite}
            </button>
          </div>
        }
      />
    </li>
  );
}

/** The gallery's guests, oldest first. */
export function GuestList({
  galleryId,
  invites,
  downloadPin,
  onChanged,
  audience,
}: {
  galleryId: string;
  invites: InviteDto[];
  downloadPin: DownloadPinForMail;
  onChanged: () => void;
  audience: Audience;
}) {
  if (invites.length === 0) return <p className="rounded-xl border border-dashed border-zinc-300 p-5 text-center text-sm text-zinc-500">{TEXTS.guests.empty}</p>;
  return (
    <ul className="space-y-3" aria-label="Guests">
      {invites.map((i) => (
        <GuestRow key={i.id} galleryId={galleryId} invite={i} downloadPin={downloadPin} onChanged={onChanged} audience={audience} />
      ))}
    </ul>
  );
}

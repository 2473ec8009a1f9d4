"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import Link from "next/link";
import { Send } from "lucide-react";
import { toast } from "sonner";
import { Card } from "@/components/studio/editor/panel";
import { Toggle } from "@/components/studio/editor/toggle";
import { AddGuests } from "@/components/studio/editor/guests/add-guests";
import { GuestList } from "@/components/studio/editor/guests/guest-list";
import { SendDialog, type SendChoice } from "@/components/studio/editor/guests/send-dialog";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { galleryPath } from "@/lib/routes";
import type { InvitesDto } from "@/lib/contract/guests";
import { useGalleryAudience } from "@/components/studio/editor/audience";

/** The gallery's guests: their personal links, the delivery mail and reminders. */
export function GuestsPanel({ galleryId }: { galleryId: string }) {
  const queryClient = useQueryClient();
  const key = queryKeys.invites(galleryId);
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: () => apiCall(doors.guests.list, { params: { id: galleryId } }) });
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState(false);
  const audience = useGalleryAudience(galleryId);
  // The first guest of a gallery anyone with its link may open: the studio is asked who may open it (its audience).
  const [offer, setOffer] = useState(false);
  const set = async (next: InvitesDto) => {
    const first = (data?.invites.length ?? 0) === 0 && next.invites.length > 0;
    // Shown once the audience is known to be "link" (it may still be loading when the first guest is added).
    if (first) setOffer(true);
    // A read of the list still on its way (the page just opened) would land after this answer and
    // show the list without the guest just added: it is cancelled first.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<InvitesDto>(key, { invites: next.invites, remindersEnabled: next.remindersEnabled, galleryExpiresAt: next.galleryExpiresAt, downloadPin: next.downloadPin });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  /** One guest as saved (their language changed in the send dialog). */
  const setInvite = (invite: InvitesDto["invites"][number]) => queryClient.setQueryData<InvitesDto>(key, (d) => (d ? { ...d, invites: d.invites.map((i) => (i.id === invite.id ? invite : i)) } : d));

  const usable = data?.invites.filter((i) => !i.revoked && !i.expired) ?? [];
  const sendable = usable.length;
  // Guests with review rights in a delivered gallery can only read: say where review is opened.
  const reviewers = usable.some((i) => i.mayComment || i.mayApprove);
  const review = useQuery({ queryKey: queryKeys.review(galleryId), queryFn: async () => (await apiCall(doors.review.get, { params: { id: galleryId } })).review, enabled: reviewers });
  const reviewClosed = reviewers && review.data?.mode === "delivery";

  /** "Send to guests", from the send dialog: its errors stay in the dialog; the outcome is a toast. */
  async function sendAll(choice: Omit<SendChoice, "language">) {
    setSending(true);
    try {
      const res = await apiCall(doors.guests.sendAll, { params: { id: galleryId }, body: choice });
      await set(res);
      setDialog(false);
      const limited = res.skipped.filter((s) => s.reason === "limited").length;
      if (res.scheduled.length) toast.success(TEXTS.guests.sendAllScheduled(res.scheduled.length));
      if (res.sent.length || res.failed.length) (res.failed.length || limited ? toast.warning : toast.success)(TEXTS.guests.sendAllDone(res.sent.length, res.failed.length));
      if (limited) toast.warning(TEXTS.guests.sendAllLimited(limited));
      else if (res.sent.length === 0 && res.failed.length === 0 && res.scheduled.length === 0) toast.info(TEXTS.guests.nobodyToSend);
    } catch (e) {
      void refresh();
      throw e;
    } finally {
      setSending(false);
    }
  }

  async function setReminders(next: boolean) {
    if (!data) return;
    queryClient.setQueryData<InvitesDto>(key, { ...data, remindersEnabled: next });
    try {
      await apiCall(doors.guests.settings, { params: { id: galleryId }, body: { remindersEnabled: next } });
    } catch (e) {
      queryClient.setQueryData<InvitesDto>(key, (d) => (d ? { ...d, remindersEnabled: !next } : d));
      toast.error(e instanceof ApiError ? e.message : TEXTS.guests.saveFailed);
    }
  }

  return (
    <section aria-labelledby="guests-heading" data-testid="guests-panel">
      <h2 id="guests-heading" className="text-base font-bold tracking-tight text-zinc-900">
        {TEXTS.guests.title}
      </h2>
      <p className="mt-1 text-sm text-zinc-500">{TEXTS.guests.description}</p>
      <Card className="mt-4">
        <AddGuests galleryId={galleryId} onSaved={set} />
      </Card>
      {offer && audience.audience === "link" && (
        <div role="region" aria-labelledby="first-guest-audience" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="first-guest-audience">
          <p id="first-guest-audience" className="text-sm font-semibold text-zinc-900">
            {TEXTS.guests.firstGuestAudience}
          </p>
          <p className="mt-1 text-xs text-zinc-600">{TEXTS.access.audienceInvitedHint}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonClass("primary")} disabled={audience.saving} onClick={async () => (await audience.setAudience("invited")) && setOffer(false)}>
              {TEXTS.access.audienceInvited}
            </button>
            <button type="button" className={buttonClass("outline")} onClick={() => setOffer(false)}>
              {TEXTS.guests.firstGuestKeep}
            </button>
          </div>
        </div>
      )}
      {reviewClosed && (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="review-closed-note">
          {TEXTS.approval.rightsInDelivery}{" "}
          <Link href={galleryPath(galleryId, "review")} className="font-semibold underline">
            {TEXTS.approval.openReview}
          </Link>
        </p>
      )}
      <Card className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <button type="button" className={buttonClass("primary")} onClick={() => setDialog(true)} disabled={sending || sendable === 0}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {sendable > 0 ? TEXTS.guests.sendAllCount(sendable) : TEXTS.guests.sendAll}
          </button>
        </div>
        <div className="mt-3 border-t border-zinc-100">
          <Toggle id="guests-reminders" label={TEXTS.guests.reminders} checked={data?.remindersEnabled ?? true} onChange={setReminders} />
          <p className="-mt-2 text-xs text-zinc-500">{TEXTS.guests.remindersHint}.</p>
        </div>
      </Card>
      <div className="mt-4">
        {isPending ? (
          <p className="text-sm text-zinc-500">…</p>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            {TEXTS.guests.loadFailed}
          </p>
        ) : (
          <GuestList galleryId={galleryId} invites={data.invites} downloadPin={data.downloadPin} onChanged={refresh} audience={audience} />
        )}
      </div>
      {dialog && data && sendable > 0 && (
        <SendDialog
          galleryId={galleryId}
          target={{ kind: "all", count: sendable, guests: usable }}
          downloadPin={data.downloadPin}
          onClose={() => setDialog(false)}
          onSend={sendAll}
          onInviteChanged={setInvite}
        />
      )}
    </section>
  );
}

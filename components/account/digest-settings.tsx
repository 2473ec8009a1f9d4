"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Toggle } from "@/components/studio/editor/toggle";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { SELECT_CLASS } from "@/components/studio/activity/activity-parts";
import { ACTIVITY_KINDS, MAIL_CHOICES, type ActivityKind, type ActivityMail, type MailChoice } from "@/lib/services/platform/rules/activity";

/**
 * The studio's notifications: the daily digest of what its guests watched (off by default), and
 * for each kind of activity in its galleries, a mail at once, a line in the digest, or none.
 */
export function DigestSettings({ initial, initialKinds }: { initial: boolean; initialKinds: ActivityMail }) {
  const t = TEXTS.digest;
  const m = TEXTS.activity.mail;
  const [enabled, setEnabled] = useState(initial);
  const [kinds, setKinds] = useState(initialKinds);
  const [busy, setBusy] = useState(false);

  async function choose(kind: ActivityKind, choice: MailChoice) {
    const before = kinds;
    setKinds({ ...kinds, [kind]: choice });
    try {
      const { notifications } = await apiCall(doors.accounts.setNotifications, { body: { kinds: { [kind]: choice } } });
      setKinds(notifications.kinds);
      toast.success(`${TEXTS.activity.kinds[kind]}: ${m.choices[choice]}`);
    } catch (e) {
      setKinds(before);
      toast.error(e instanceof ApiError ? e.message : t.saveFailed);
    }
  }

  async function change(next: boolean) {
    if (busy) return;
    setBusy(true);
    setEnabled(next);
    try {
      const { notifications } = await apiCall(doors.accounts.setNotifications, { body: { digestEnabled: next } });
      setEnabled(notifications.digestEnabled);
      toast.success(notifications.digestEnabled ? t.settingOn : t.settingOff);
    } catch (e) {
      setEnabled(!next);
      toast.error(e instanceof ApiError ? e.message : t.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="notifications-heading" className="mt-8 border-t border-zinc-100 pt-6" data-testid="digest-settings">
      <h2 id="notifications-heading" className="font-semibold">
        {t.settingTitle}
      </h2>
      <Toggle id="digest-enabled" label={t.settingLabel} checked={enabled} onChange={(next) => void change(next)} />
      <p className="text-xs text-zinc-500">{t.settingHint}</p>
      <h3 className="mt-6 text-sm font-semibold text-zinc-900">{m.sectionTitle}</h3>
      <p className="mt-1 text-xs text-zinc-500">{m.settingIntro}</p>
      {!enabled && Object.values(kinds).includes("digest") ? <p className="mt-2 text-xs text-amber-700">{m.digestOff}</p> : null}
      <ul className="mt-3 divide-y divide-zinc-100 rounded-xl border border-zinc-200" data-testid="activity-mail">
        {ACTIVITY_KINDS.map((kind) => (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
            <label htmlFor={`mail-${kind}`} className="text-sm text-zinc-800">
              {TEXTS.activity.kinds[kind]}
            </label>
            <select id={`mail-${kind}`} value={kinds[kind]} onChange={(e) => void choose(kind, e.target.value as MailChoice)} className={SELECT_CLASS}>
              {MAIL_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {m.choices[c]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}

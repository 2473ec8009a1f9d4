"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Toggle } from "@/components/studio/editor/toggle";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";

/** The studio's notifications: the daily digest of what its guests watched, off by default. */
export function DigestSettings({ initial }: { initial: boolean }) {
  const t = TEXTS.digest;
  const [enabled, setEnabled] = useState(initial);
  const [busy, setBusy] = useState(false);

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
    </section>
  );
}

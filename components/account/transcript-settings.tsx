"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Toggle } from "@/components/studio/editor/toggle";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import type { TranscriptSettingsDto } from "@/lib/contract/films";

/**
 * The studio's consent to automatic transcripts (off by default): while on, new films' sound goes
 * to the server's transcription provider. Where the operator configured none, it says so instead.
 */
export function TranscriptSettings({ initial }: { initial: TranscriptSettingsDto }) {
  const t = TEXTS.transcripts;
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function change(next: boolean) {
    if (busy) return;
    setBusy(true);
    setSettings({ ...settings, enabled: next });
    try {
      const saved = await apiCall(doors.transcripts.setSettings, { body: { enabled: next } });
      setSettings(saved);
      toast.success(saved.enabled ? t.settingOn : t.settingOff);
    } catch (e) {
      setSettings({ ...settings, enabled: !next });
      toast.error(e instanceof ApiError ? e.message : t.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="transcripts-heading" className="mt-8 border-t border-zinc-100 pt-6" data-testid="transcript-settings">
      <h2 id="transcripts-heading" className="font-semibold">
        {t.switchLabel}
      </h2>
      {settings.available ? (
        <>
          <Toggle id="transcripts-enabled" label={t.switchLabel} checked={settings.enabled} onChange={(next) => void change(next)} />
          <p className="text-xs text-zinc-500">{t.switchHint}</p>
        </>
      ) : (
        <p className="mt-2 text-sm text-zinc-500">{t.notAvailable}</p>
      )}
    </section>
  );
}

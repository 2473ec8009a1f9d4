"use client";
// A guest's language, as a select the studio changes (PATCH …/invites/{inviteId}): the language of
// every mail to the guest and of their checkout. It shows the language in use now (the invite's
// `mailLanguage`: the one set, else the one their browser last used on the gallery, else the
// gallery's viewer language); choosing one sets it. Used by the guest list and "Send to guests".
import { useState } from "react";
import { toast } from "sonner";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { LANGUAGE_NAMES, VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import type { InviteDto } from "@/lib/contract/guests";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** A language's own name ("Français"), or its code when it is none of the six. */
export const languageName = (code: string): string => (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;

/** The six viewer languages as a select's options, each in its own name. */
export function LanguageOptions() {
  return (
    <>
      {(VIEWER_LANGUAGES as ViewerLanguage[]).map((code) => (
        <option key={code} value={code}>
          {languageName(code)}
        </option>
      ))}
    </>
  );
}

type Props = { galleryId: string; invite: InviteDto; onSaved: (invite: InviteDto) => void; className?: string };

export function GuestLanguageSelect({ galleryId, invite, onSaved, className }: Props) {
  const [saving, setSaving] = useState(false);
  const who = invite.name || invite.email;
  async function choose(language: ViewerLanguage) {
    setSaving(true);
    try {
      onSaved((await apiCall(doors.guests.update, { params: { id: galleryId, inviteId: invite.id }, body: { language } })).invite);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : TEXTS.guests.saveFailed);
    } finally {
      setSaving(false);
    }
  }
  return (
    <select
      aria-label={TEXTS.guests.languageOf(who)}
      className={className ?? "rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs text-zinc-800 focus:border-zinc-500 focus:ring-2 focus:ring-zinc-300 focus:outline-none"}
      value={invite.mailLanguage}
      disabled={saving}
      onChange={(e) => void choose(e.target.value as ViewerLanguage)}
      data-testid="guest-language"
    >
      <LanguageOptions />
    </select>
  );
}

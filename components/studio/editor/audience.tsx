"use client";
// Who may open a gallery (its audience): anyone with its link, or only its invited guests. Read
// and set through the access door (Gallery.audience); the Deliver section shows and switches it, the
// Guests panel offers it at the first guest and in the revoke dialog.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { queryKeys } from "@/lib/browser/query-keys";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import type { GalleryAudienceValue } from "@/lib/validation/public";

/** The gallery's audience (null while it loads) and a setter that saves it (resolves false when it failed; the failure is a toast). */
export function useGalleryAudience(galleryId: string): { audience: GalleryAudienceValue | null; setAudience: (next: GalleryAudienceValue) => Promise<boolean>; saving: boolean } {
  const queryClient = useQueryClient();
  const key = queryKeys.access(galleryId);
  const { data } = useQuery({ queryKey: key, queryFn: async () => (await apiCall(doors.galleries.access, { params: { id: galleryId } })).access });
  const [saving, setSaving] = useState(false);
  async function setAudience(next: GalleryAudienceValue): Promise<boolean> {
    setSaving(true);
    try {
      const { access } = await apiCall(doors.galleries.setAccess, { params: { id: galleryId }, body: { audience: next } });
      queryClient.setQueryData(key, access);
      toast.success(TEXTS.access.audienceSaved(access.audience === "invited"));
      return true;
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : TEXTS.access.saveFailed);
      return false;
    } finally {
      setSaving(false);
    }
  }
  return { audience: data?.audience ?? null, setAudience, saving };
}

const OPTIONS: { value: GalleryAudienceValue; label: string; hint: string }[] = [
  { value: "link", label: TEXTS.access.audienceLink, hint: TEXTS.access.audienceLinkHint },
  { value: "invited", label: TEXTS.access.audienceInvited, hint: TEXTS.access.audienceInvitedHint },
];

/** The two audiences as radio buttons (arrow keys move between them), each with what it means. */
export function AudienceChoice({ galleryId }: { galleryId: string }) {
  const { audience, setAudience, saving } = useGalleryAudience(galleryId);
  return (
    <fieldset data-testid="audience-choice" aria-busy={audience === null || saving}>
      <legend className="text-sm font-medium text-zinc-700">{TEXTS.access.audienceLabel}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${audience === o.value ? "border-brand-500 bg-brand-50" : "border-zinc-200 bg-white hover:bg-zinc-50"}`}
          >
            <input
              type="radio"
              name={`audience-${galleryId}`}
              value={o.value}
              checked={audience === o.value}
              disabled={audience === null || saving}
              onChange={() => void setAudience(o.value)}
              // Named by its label alone, described by its hint (inside one <label> both would make its name).
              aria-labelledby={`audience-${o.value}-label`}
              aria-describedby={`audience-${o.value}-hint`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span>
              <span id={`audience-${o.value}-label`} className="block font-medium text-zinc-900">
                {o.label}
              </span>
              <span id={`audience-${o.value}-hint`} className="mt-0.5 block text-xs text-zinc-500">
                {o.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

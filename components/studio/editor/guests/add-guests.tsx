"use client";
import { useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { toast } from "sonner";
import { ClipboardList, UserPlus } from "lucide-react";
import { inputClass } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { emailSchema } from "@/lib/validation/auth";
import { GUEST_NAME_MAX, INVITES_PER_CALL } from "@/lib/validation/invites";
import type { AddResult, InvitesDto } from "@/lib/contract/guests";
import { FormError } from "@/components/ui/form-error";
import { VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import { LanguageOptions } from "@/components/studio/editor/guests/guest-language";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** A date input's day, as the end of that day in the studio's zone (ISO), or null for none. */
function endOfDay(day: string): string | null {
  if (!day) return null;
  const at = new Date(`${day}T23:59:59`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const expiryField = z.string().refine((d) => d === "" || (endOfDay(d) !== null && new Date(endOfDay(d)!).getTime() > Date.now()), TEXTS.guests.expiryPast);

/** What a guest may do besides watching: download, and the review rights. */
const rightsFields = { mayDownload: z.boolean(), mayComment: z.boolean(), mayApprove: z.boolean() };
type Rights = { mayDownload: boolean; mayComment: boolean; mayApprove: boolean };
const NO_RIGHTS: Rights = { mayDownload: false, mayComment: false, mayApprove: false };
const rightsOf = (v: Rights): Rights => ({ mayDownload: v.mayDownload, mayComment: v.mayComment, mayApprove: v.mayApprove });

/** The guest's language: "" leaves it to their browser's last language on the gallery, else the gallery's. */
const languageField = z.enum(["", ...(VIEWER_LANGUAGES as ViewerLanguage[])]);
const languageOf = (v: { language: "" | ViewerLanguage }) => (v.language ? { language: v.language } : {});

const guestForm = z.object({
  name: z.string().trim().min(1, TEXTS.guests.nameRequired).max(GUEST_NAME_MAX, TEXTS.guests.nameTooLong),
  email: emailSchema,
  expiry: expiryField,
  language: languageField,
  ...rightsFields,
});
type GuestForm = z.infer<typeof guestForm>;

const listForm = z.object({
  list: z.string().refine((l) => l.trim() !== "", TEXTS.guests.listEmpty),
  expiry: expiryField,
  language: languageField,
  ...rightsFields,
});
type ListForm = z.infer<typeof listForm>;

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : TEXTS.guests.saveFailed);

/** Add one guest (name, email, optional link expiry, May download / comment / approve), or paste a list with a per-line report. */
export function AddGuests({ galleryId, onSaved }: { galleryId: string; onSaved: (next: InvitesDto) => void }) {
  const [pasting, setPasting] = useState(false);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900">{pasting ? TEXTS.guests.pasteToggle : TEXTS.guests.add}</h3>
        <button type="button" className={buttonClass("ghost", "px-2 py-1 text-xs")} onClick={() => setPasting((p) => !p)} aria-expanded={pasting} aria-controls="guests-add-form">
          {pasting ? <UserPlus className="h-4 w-4" aria-hidden="true" /> : <ClipboardList className="h-4 w-4" aria-hidden="true" />}
          {pasting ? TEXTS.guests.add : TEXTS.guests.pasteToggle}
        </button>
      </div>
      <div id="guests-add-form">{pasting ? <PasteList galleryId={galleryId} onSaved={onSaved} /> : <OneGuest galleryId={galleryId} onSaved={onSaved} />}</div>
    </div>
  );
}

/** A form's or a field's error, announced when it appears. */

const RIGHTS = [
  { field: "mayDownload", id: "download", label: TEXTS.guests.mayDownloadLabel, hint: TEXTS.guests.mayDownloadHint },
  { field: "mayComment", id: "comment", label: TEXTS.guests.mayCommentLabel, hint: TEXTS.guests.mayCommentHint },
  { field: "mayApprove", id: "approve", label: TEXTS.guests.mayApproveLabel, hint: TEXTS.guests.mayApproveHint },
] as const;

function ExpiryAndRights({
  expiry,
  language,
  rights,
  idPrefix,
}: {
  expiry: UseFormRegisterReturn;
  language: UseFormRegisterReturn;
  rights: Record<keyof Rights, UseFormRegisterReturn>;
  idPrefix: string;
}) {
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-expiry`} className="block text-sm font-medium text-zinc-700">
            {TEXTS.guests.expiryLabel}
          </label>
          <input id={`${idPrefix}-expiry`} type="date" {...expiry} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-language`} className="block text-sm font-medium text-zinc-700">
            {TEXTS.guests.addLanguageLabel}
          </label>
          <select id={`${idPrefix}-language`} {...language} className={inputClass}>
            <option value="">{TEXTS.guests.addLanguageAuto}</option>
            <LanguageOptions />
          </select>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {RIGHTS.map((right) => (
          <div key={right.field} className="flex items-start gap-2">
            <input
              id={`${idPrefix}-${right.id}`}
              type="checkbox"
              {...rights[right.field]}
              className="mt-0.5 h-4 w-4 rounded border-zinc-300 accent-brand-600"
              aria-describedby={`${idPrefix}-${right.id}-hint`}
            />
            <div>
              <label htmlFor={`${idPrefix}-${right.id}`} className="text-sm font-medium text-zinc-700">
                {right.label}
              </label>
              <p id={`${idPrefix}-${right.id}-hint`} className="text-xs text-zinc-500">
                {right.hint}
              </p>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function OneGuest({ galleryId, onSaved }: { galleryId: string; onSaved: (next: InvitesDto) => void }) {
  const { register, handleSubmit, reset, formState, setError } = useForm<GuestForm>({
    resolver: zodResolver(guestForm),
    defaultValues: { name: "", email: "", expiry: "", language: "", ...NO_RIGHTS },
  });
  const { errors } = formState;
  const save = handleSubmit(async (v) => {
    try {
      const res = await apiCall(doors.guests.add, {
        params: { id: galleryId },
        body: { guests: [{ name: v.name, email: v.email, ...languageOf(v) }], expiresAt: endOfDay(v.expiry), ...rightsOf(v) },
      });
      onSaved(res);
      const r = res.results[0];
      if (r?.outcome === "refused") return setError("email", { message: r.reason ?? TEXTS.guests.saveFailed });
      toast.success(r?.outcome === "updated" ? TEXTS.guests.updated : TEXTS.guests.added);
      reset();
    } catch (e) {
      setError("root", { message: errorText(e) });
    }
  });
  return (
    <form onSubmit={save} noValidate className="mt-3 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="guest-name" className="block text-sm font-medium text-zinc-700">
            {TEXTS.guests.nameLabel}
          </label>
          <input
            id="guest-name"
            autoComplete="off"
            maxLength={GUEST_NAME_MAX}
            {...register("name")}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? "guest-name-error" : undefined}
            className={inputClass}
          />
          <FormError id="guest-name-error" className="mt-1" message={errors.name?.message} />
        </div>
        <div>
          <label htmlFor="guest-email" className="block text-sm font-medium text-zinc-700">
            {TEXTS.guests.emailLabel}
          </label>
          <input
            id="guest-email"
            type="email"
            autoComplete="off"
            {...register("email")}
            aria-invalid={!!errors.email}
            aria-describedby={errors.email ? "guest-email-error" : undefined}
            className={inputClass}
          />
          <FormError id="guest-email-error" className="mt-1" message={errors.email?.message} />
        </div>
      </div>
      <ExpiryAndRights
        expiry={register("expiry")}
        language={register("language")}
        rights={{ mayDownload: register("mayDownload"), mayComment: register("mayComment"), mayApprove: register("mayApprove") }}
        idPrefix="guest"
      />
      <FormError message={errors.expiry?.message} />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("dark")} disabled={formState.isSubmitting}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {TEXTS.guests.add}
        </button>
      </div>
    </form>
  );
}

function PasteList({ galleryId, onSaved }: { galleryId: string; onSaved: (next: InvitesDto) => void }) {
  const [report, setReport] = useState<AddResult[] | null>(null);
  const { register, handleSubmit, reset, formState, setError } = useForm<ListForm>({
    resolver: zodResolver(listForm),
    defaultValues: { list: "", expiry: "", language: "", ...NO_RIGHTS },
  });
  const { errors } = formState;
  const save = handleSubmit(async (v) => {
    try {
      const res = await apiCall(doors.guests.add, { params: { id: galleryId }, body: { list: v.list, expiresAt: endOfDay(v.expiry), ...languageOf(v), ...rightsOf(v) } });
      onSaved(res);
      setReport(res.results);
      // What was refused stays in the box, to be fixed and sent again.
      const refusedLines = new Set(res.results.filter((r) => r.outcome === "refused").map((r) => r.line));
      const kept = v.list
        .split(/\r\n|\r|\n/)
        .filter((text, i) => text.trim() !== "" && refusedLines.has(i + 1))
        .join("\n");
      reset({ list: kept, expiry: v.expiry, language: v.language, ...rightsOf(v) });
    } catch (e) {
      setError("root", { message: errorText(e) });
    }
  });
  const count = (o: AddResult["outcome"]) => report?.filter((r) => r.outcome === o).length ?? 0;
  return (
    <form onSubmit={save} noValidate className="mt-3 space-y-3">
      <div>
        <label htmlFor="guest-list" className="block text-sm font-medium text-zinc-700">
          {TEXTS.guests.pasteLabel}
        </label>
        <textarea
          id="guest-list"
          rows={6}
          {...register("list")}
          aria-invalid={!!errors.list}
          aria-describedby="guest-list-hint"
          placeholder={"Anna Berg <anna@example.com>\nTom Hill, tom@example.com"}
          className={`${inputClass} font-mono`}
        />
        <p id="guest-list-hint" className="mt-1 text-xs text-zinc-500">
          {TEXTS.guests.pasteHint}
        </p>
        <FormError className="mt-1" message={errors.list?.message} />
      </div>
      <ExpiryAndRights
        expiry={register("expiry")}
        language={register("language")}
        rights={{ mayDownload: register("mayDownload"), mayComment: register("mayComment"), mayApprove: register("mayApprove") }}
        idPrefix="guest-list"
      />
      <FormError message={errors.expiry?.message} />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <button type="submit" className={buttonClass("dark")} disabled={formState.isSubmitting}>
          <ClipboardList className="h-4 w-4" aria-hidden="true" />
          {TEXTS.guests.pasteSubmit}
        </button>
      </div>
      {report && (
        <div role="status" className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700" data-testid="paste-report">
          <p className="font-medium">{TEXTS.guests.pasteSummary(count("added"), count("updated"), count("refused"))}</p>
          {count("refused") > 0 && (
            <ul className="mt-2 space-y-1 text-xs text-red-700">
              {report
                .filter((r) => r.outcome === "refused")
                .slice(0, INVITES_PER_CALL)
                .map((r) => (
                  <li key={r.line} className="break-words">
                    {`Line ${r.line}${r.email ? ` (${r.email})` : ""}: ${r.reason}`}
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

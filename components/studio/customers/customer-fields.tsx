"use client";
import { LANGUAGE_NAMES, VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import { CUSTOMER_NAME_MAX, CUSTOMER_NOTES_MAX, CUSTOMER_PHONE_MAX } from "@/lib/validation/customers";
import { TEXTS } from "@/lib/texts";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

const T = TEXTS.customers;

/** What the add form and the details form edit of a customer. */
export type CustomerDraft = { name: string; email: string; phone: string; language: ViewerLanguage; notes: string };
export const EMPTY_DRAFT: CustomerDraft = { name: "", email: "", phone: "", language: "en", notes: "" };

const INPUT = "mt-1.5 block w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm text-zinc-900 shadow-sm focus:border-brand-500 focus:outline-none";
const LABEL = "block text-sm font-medium text-zinc-700";

/** The customer's fields, labelled: name and e-mail (required), phone, language, and notes when `withNotes`. */
export function CustomerFields({ draft, onChange, idPrefix, withNotes = true }: { draft: CustomerDraft; onChange: (d: CustomerDraft) => void; idPrefix: string; withNotes?: boolean }) {
  const set = <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className={LABEL} htmlFor={`${idPrefix}-name`}>
        {T.fields.name}
        <input id={`${idPrefix}-name`} required value={draft.name} maxLength={CUSTOMER_NAME_MAX} onChange={(e) => set("name", e.target.value)} className={INPUT} autoComplete="off" />
      </label>
      <label className={LABEL} htmlFor={`${idPrefix}-email`}>
        {T.fields.email}
        <input id={`${idPrefix}-email`} required type="email" value={draft.email} onChange={(e) => set("email", e.target.value)} className={INPUT} autoComplete="off" />
      </label>
      <label className={LABEL} htmlFor={`${idPrefix}-phone`}>
        {T.fields.phone}
        <input id={`${idPrefix}-phone`} type="tel" value={draft.phone} maxLength={CUSTOMER_PHONE_MAX} onChange={(e) => set("phone", e.target.value)} className={INPUT} autoComplete="off" />
      </label>
      <label className={LABEL} htmlFor={`${idPrefix}-language`}>
        {T.fields.language}
        <select id={`${idPrefix}-language`} value={draft.language} onChange={(e) => set("language", e.target.value as ViewerLanguage)} className={INPUT}>
          {(VIEWER_LANGUAGES as ViewerLanguage[]).map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {withNotes && (
        <label className={`${LABEL} sm:col-span-2`} htmlFor={`${idPrefix}-notes`}>
          {T.fields.notes}
          <textarea id={`${idPrefix}-notes`} rows={5} value={draft.notes} maxLength={CUSTOMER_NOTES_MAX} onChange={(e) => set("notes", e.target.value)} className={INPUT} />
        </label>
      )}
    </div>
  );
}

/** The draft as the doors take it: empty phone and notes are none. */
export const draftBody = (d: CustomerDraft) => ({ name: d.name, email: d.email, phone: d.phone.trim() || null, language: d.language, notes: d.notes.trim() || null });

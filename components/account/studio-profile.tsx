"use client";
// Account → Company Setting: the sign-up's questions about the studio (company size, job type,
// clients, project size, media types, delivery, how it heard of us), which sign-up no longer
// requires: answered or changed here, through the studio's own branding door.
import { useState } from "react";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, HEARD_OPTIONS, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/services/access/rules/signup-options";
import { TEXTS } from "@/lib/texts";
import type { BrandingInput } from "@/lib/validation/branding";

const T = TEXTS.studioProfile;
export type StudioProfile = {
  id: string;
  companySize: string;
  jobType: string;
  numberOfClients: string;
  projectSize: string;
  mediaType: string[];
  deliveryType: string[];
  heardOption: string;
};
type One = "companySize" | "jobType" | "numberOfClients" | "projectSize" | "heardOption";
type Many = "mediaType" | "deliveryType";

const SINGLE: [One, readonly string[]][] = [
  ["companySize", COMPANY_SIZES],
  ["jobType", JOB_TYPES],
  ["numberOfClients", CLIENT_COUNTS],
  ["projectSize", PROJECT_SIZES],
  ["heardOption", HEARD_OPTIONS],
];
const MULTI: [Many, readonly string[]][] = [
  ["mediaType", MEDIA_TYPES],
  ["deliveryType", DELIVERY_TYPES],
];
const field = "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export function StudioProfileForm({ initial }: { initial: StudioProfile }) {
  const [answers, setAnswers] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (name: Many, value: string) => setAnswers((a) => ({ ...a, [name]: a[name].includes(value) ? a[name].filter((v) => v !== value) : [...a[name], value] }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { id: _id, ...obj } = answers;
      // The server checks every answer against the sign-up's options (lib/validation/branding.ts).
      await apiCall(doors.accounts.update, { params: { id: initial.id }, body: { obj: obj as BrandingInput } });
      toast.success(T.saved);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="mt-8 border-t border-zinc-100 pt-6" aria-labelledby="studio-profile-title" data-testid="studio-profile">
      <h2 id="studio-profile-title" className="font-semibold">
        {T.title}
      </h2>
      <p className="mt-0.5 text-xs text-zinc-500">{T.hint}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {SINGLE.map(([name, options]) => (
          <label key={name} className="text-sm font-medium text-zinc-800">
            {T[name]}
            <select className={field} value={answers[name]} onChange={(e) => setAnswers((a) => ({ ...a, [name]: e.target.value }))}>
              <option value="">{T.notAnswered}</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {MULTI.map(([name, options]) => (
        <fieldset key={name} className="mt-4">
          <legend className="text-sm font-medium text-zinc-800">{T[name]}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {options.map((o) => (
              <label key={o} className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50">
                <input type="checkbox" checked={answers[name].includes(o)} onChange={() => toggle(name, o)} className="accent-brand-600" />
                {o}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonClass("primary", "mt-5")}>
        {T.save}
      </button>
    </form>
  );
}

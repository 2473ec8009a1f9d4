"use client";
// Review: the gallery's stage (review or delivery), whether approving unlocks a film's
// download, the revision rounds included, and every film's version, state, open comments, rounds and
// each guest's decisions. Each change is saved at once and shown from the door's answer.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Card, Panel, inputClass } from "@/components/studio/editor/panel";
import { Toggle } from "@/components/studio/editor/toggle";
import { apiCall } from "@/lib/browser/api-client";
import { queryKeys } from "@/lib/browser/query-keys";
import { doors } from "@/lib/contract";
import { formatDateTime } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import type { GalleryReviewDto, FilmReviewDto } from "@/lib/contract/review";
import { REVISION_ROUNDS_MAX, reviewSettingsSchema, type ReviewSettingsInput } from "@/lib/validation/approvals";

const T = TEXTS.approval;
/** The films table's columns: heading, and whether it holds numbers (right-aligned). */
const COLUMNS: [string, boolean][] = [
  [T.film, false],
  [T.state, false],
  [T.comments, true],
  [T.rounds, true],
  [T.decisions, false],
];

export function ReviewSection() {
  const { gallery } = useEditor();
  const queryClient = useQueryClient();
  const key = queryKeys.review(gallery._id);
  const { data, isPending, isError } = useQuery({ queryKey: key, queryFn: async () => (await apiCall(doors.review.get, { params: { id: gallery._id } })).review as GalleryReviewDto });

  /** Shows the change at once, saves it, and shows the door's answer (or undoes it when it fails). */
  async function save(change: ReviewSettingsInput) {
    // A read in flight would land after this change and show the old settings again.
    void queryClient.cancelQueries({ queryKey: key });
    const before = queryClient.getQueryData<GalleryReviewDto>(key);
    if (before) {
      const { mode, ...rest } = change;
      queryClient.setQueryData<GalleryReviewDto>(key, { ...before, ...rest, ...(mode ? { mode } : {}) });
    }
    try {
      const { review } = await apiCall(doors.review.update, { params: { id: gallery._id }, body: change });
      queryClient.setQueryData(key, review);
    } catch {
      if (before) queryClient.setQueryData(key, before);
      toast.error(TEXTS.settingSaveFailed);
    }
  }

  return (
    <Panel title={TEXTS.gallerySections.review} description={T.sectionDescription} wide>
      {isPending && <p className="text-sm text-zinc-500">{TEXTS.review.loading}</p>}
      {isError && <p className="text-sm text-red-600">{TEXTS.settingSaveFailed}</p>}
      {data && (
        <>
          <Card className="py-4">
            <fieldset>
              <legend className="text-sm font-medium text-zinc-800">{T.modeLabel}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {(["review", "delivery"] as const).map((mode) => (
                  <label
                    key={mode}
                    className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${data.mode === mode ? "border-brand-500 bg-brand-50" : "border-zinc-200 hover:border-zinc-300"}`}
                  >
                    <input type="radio" name="review-mode" value={mode} checked={data.mode === mode} onChange={() => void save({ mode })} className="mt-0.5 accent-brand-600" />
                    <span>
                      <span className="block font-semibold text-zinc-900">{mode === "review" ? T.modeReview : T.modeDelivery}</span>
                      <span className="mt-0.5 block text-xs text-zinc-500">{mode === "review" ? T.modeReviewHint : T.modeDeliveryHint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-3 border-t border-zinc-100">
              <Toggle id="review-unlock" label={T.unlockLabel} checked={data.unlockOnApproval} onChange={(next) => void save({ unlockOnApproval: next })} />
              <p className="-mt-1 text-xs text-zinc-500">{T.unlockHint}</p>
            </div>
            <Rounds key={data.revisionRounds ?? "none"} value={data.revisionRounds} onSave={(revisionRounds) => void save({ revisionRounds })} />
            <p className="mt-3 text-xs text-zinc-500">{T.rightsHint}</p>
          </Card>
          <h2 id="review-films-heading" className="mt-6 mb-2 text-sm font-semibold text-zinc-800">
            {T.filmsHeading}
          </h2>
          {data.films.length === 0 ? (
            <Card>
              <p className="text-sm text-zinc-500">{T.empty}</p>
            </Card>
          ) : (
            // Scrolls sideways on a narrow screen: focusable, so a keyboard scrolls it too.
            <div
              role="region"
              aria-labelledby="review-films-heading"
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <table className="w-full min-w-[40rem] text-left text-sm" data-testid="review-films">
                <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase">
                  <tr>
                    {COLUMNS.map(([label, numeric]) => (
                      <th key={label} scope="col" className={`px-4 py-2 font-semibold ${numeric ? "text-right" : ""}`}>
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100">
                  {data.films.map((f) => (
                    <FilmRow key={f.id} film={f} included={data.revisionRounds} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

function FilmRow({ film, included }: { film: FilmReviewDto; included: number | null }) {
  const s = film.state;
  const [label, tone] =
    s.state === "approved"
      ? [T.stateApproved(s.by, s.version), "bg-emerald-50 text-emerald-800 ring-emerald-200"]
      : s.state === "changes_requested"
        ? [T.stateChanges, "bg-amber-50 text-amber-800 ring-amber-200"]
        : [T.stateOpen, "bg-zinc-50 text-zinc-700 ring-zinc-200"];
  return (
    <tr className="align-top" data-testid="review-film">
      <th scope="row" className="px-4 py-3 font-medium text-zinc-900">
        {film.title}
        <span className="ml-1.5 rounded bg-zinc-100 px-1 text-[11px] font-semibold text-zinc-600">{TEXTS.review.onVersion(film.version)}</span>
      </th>
      <td className="px-4 py-3">
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tone}`} data-testid="review-state">
          {label}
        </span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        {film.comments.open}
        <span className="text-zinc-500"> / {film.comments.total}</span>
      </td>
      <td className={`px-4 py-3 text-right whitespace-nowrap tabular-nums ${film.rounds.usedUp ? "font-semibold text-amber-700" : ""}`}>
        {T.roundsUsed(film.rounds.used, included)}
        {film.rounds.usedUp && <span className="block text-[11px] font-normal">{T.roundsUsedUp}</span>}
      </td>
      <td className="px-4 py-3">
        {film.decisions.length === 0 ? (
          <span className="text-zinc-500">{T.noDecisions}</span>
        ) : (
          <ul className="space-y-1.5">
            {film.decisions.map((d) => (
              <li key={`${d.guest.name}-${d.version}-${d.decidedAt}`}>
                <span className={d.decision === "approved" ? "text-emerald-700" : "text-amber-700"}>{T.decisionLine(d.guest.name, d.decision, d.version)}</span>
                <span className="ml-1.5 text-xs text-zinc-500">{formatDateTime(new Date(d.decidedAt))}</span>
                {d.note && <p className="text-xs break-words whitespace-pre-wrap text-zinc-600">“{d.note}”</p>}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** The revision rounds included per film: saved when the field is left (empty: no count). */
function Rounds({ value, onSave }: { value: number | null; onSave: (rounds: number | null) => void }) {
  const [text, setText] = useState(value === null ? "" : String(value));
  const commit = () => {
    const trimmed = text.trim();
    const next = trimmed === "" ? null : Number(trimmed);
    // The door's own rule (lib/validation/approvals.ts), asked before sending.
    if (!reviewSettingsSchema.safeParse({ revisionRounds: next }).success) {
      toast.error(T.roundsInvalid);
      setText(value === null ? "" : String(value));
      return;
    }
    if (next !== value) onSave(next);
  };
  return (
    <div className="mt-2 border-t border-zinc-100 pt-3">
      <label htmlFor="review-rounds" className="text-sm font-medium text-zinc-800">
        {T.roundsLabel}
      </label>
      <input
        id="review-rounds"
        type="number"
        inputMode="numeric"
        min={1}
        max={REVISION_ROUNDS_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
        aria-describedby="review-rounds-hint"
        className={`${inputClass} max-w-32`}
      />
      <p id="review-rounds-hint" className="mt-1 text-xs text-zinc-500">
        {T.roundsHint}
      </p>
    </div>
  );
}

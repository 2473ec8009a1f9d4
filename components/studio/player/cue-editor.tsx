"use client";
// The cue editor of one caption track, in the captions panel: each cue's start and end (seconds)
// and text, a cue added or removed, then saved through the cue door (PUT …/cues), which checks them
// as an uploaded file is checked and says what is wrong. Saving confirms an automatic track.
// Plain inputs in document order, so it works from the keyboard and stacks at phone width.
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Plus, Trash2 } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { parseCaptions, type Cue } from "@/lib/services/films/rules/captions";
import { CUE_TEXT_MAX } from "@/lib/validation/captions";
import type { CaptionDto } from "@/lib/contract/films";

type Row = { key: number; start: string; end: string; text: string };
let nextKey = 0;
const rowOf = (c: Cue): Row => ({ key: nextKey++, start: String(c.start), end: String(c.end), text: c.text });

export function CueEditor({ videoId, caption, onDone }: { videoId: string; caption: CaptionDto; onDone: (saved: boolean) => void }) {
  const ids = useId();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void fetch(caption.src, { credentials: "same-origin" })
      .then((r) => r.arrayBuffer())
      .then((bytes) => {
        const parsed = parseCaptions(new Uint8Array(bytes));
        if (live) setRows(parsed.ok ? parsed.cues.map(rowOf) : []);
      })
      .catch(() => live && setError(TEXTS.captions.loadFailed));
    return () => {
      live = false;
    };
  }, [caption.src]);

  const edit = (key: number, patch: Partial<Row>) => setRows((rs) => rs?.map((r) => (r.key === key ? { ...r, ...patch } : r)) ?? rs);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!rows) return;
    setBusy(true);
    setError(null);
    try {
      await apiCall(doors.captions.cues, { params: { videoId, captionId: caption._id }, body: { cues: rows.map((r) => ({ start: Number(r.start), end: Number(r.end), text: r.text })) } });
      toast.success(TEXTS.captions.cuesSaved);
      onDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : TEXTS.captions.loadFailed);
    } finally {
      setBusy(false);
    }
  }

  if (!rows) return <p className="p-2 text-xs text-zinc-500">{error ?? TEXTS.captions.loading}</p>;
  const last = rows[rows.length - 1];
  return (
    <form onSubmit={(e) => void save(e)} className="mt-2 flex flex-col gap-2" aria-label={TEXTS.captions.editCues(caption.label)} data-testid="cue-editor" noValidate>
      <ol className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {rows.map((r, i) => (
          <li key={r.key} className="grid grid-cols-[1fr_1fr_auto] gap-1.5 rounded-md border border-zinc-200 bg-white p-2">
            <TimeField label={TEXTS.captions.cueStart} value={r.start} onChange={(start) => edit(r.key, { start })} />
            <TimeField label={TEXTS.captions.cueEnd} value={r.end} onChange={(end) => edit(r.key, { end })} />
            <button
              type="button"
              onClick={() => setRows(rows.filter((x) => x.key !== r.key))}
              className="self-end rounded-md p-1.5 text-zinc-500 hover:bg-red-50 hover:text-red-700"
              aria-label={TEXTS.captions.removeCue(i + 1)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
            <label htmlFor={`${ids}-${r.key}`} className="sr-only">
              {TEXTS.captions.cueText(i + 1)}
            </label>
            <textarea
              id={`${ids}-${r.key}`}
              rows={2}
              maxLength={CUE_TEXT_MAX}
              value={r.text}
              onChange={(e) => edit(r.key, { text: e.target.value })}
              className="col-span-3 rounded border border-zinc-300 px-1.5 py-1 text-sm"
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={buttonClass("ghost")}
        onClick={() => {
          const from = last ? Number(last.end) || 0 : 0;
          setRows([...rows, rowOf({ start: from, end: from + 2, text: "" })]);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {TEXTS.captions.addCue}
      </button>
      <FormError message={error} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {TEXTS.captions.saveCues}
        </button>
        <button type="button" className={buttonClass("outline")} onClick={() => onDone(false)}>
          {TEXTS.captions.cancelEdit}
        </button>
      </div>
    </form>
  );
}

/** A cue's start or end, in seconds (tenths). */
function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="text-[11px] text-zinc-500">
      {label}
      <input
        type="number"
        min={0}
        step={0.1}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-0.5 w-full rounded border border-zinc-300 px-1.5 py-1 text-sm"
      />
    </label>
  );
}

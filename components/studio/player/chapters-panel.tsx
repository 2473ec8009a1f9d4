"use client";
// ADVANCE: the chapter list (spec §2, §4, §5). Add creates 'Chapter {count}' at the current play time
// (a lock stops a double click from creating two; the server also keeps one chapter per second);
// each row edits its title and its hh:mm:ss inputs (0–60, two digits); Save all alerts once.
import { useRef, useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Plus, Save, Trash2 } from "lucide-react";
import { useChapters } from "@/components/studio/player/use-chapters";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { CHAPTER_TITLE_MAX } from "@/lib/validation/chapters";
import { LAYOUT } from "@/lib/limits";
import { clampTimePart, formatCuePoint, padTimePart, partsFromSeconds, secondsFromParts, TIME_PART_MAX } from "@/lib/services/films/rules/cue";
import type { ChapterDto } from "@/lib/contract/films";

type Draft = { _id: string; title: string; parts: [string, string, string] };

const toDraft = (c: ChapterDto): Draft => ({ _id: c._id, title: c.title, parts: partsFromSeconds(c.seconds).map(padTimePart) as Draft["parts"] });
const draftSeconds = (d: Draft) => secondsFromParts(Number(d.parts[0]), Number(d.parts[1]), Number(d.parts[2]));
const PART_LABELS = ["Hours", "Minutes", "Seconds"] as const;

type Props = { videoId: string; currentTime: number; onSeek: (seconds: number) => void };

export function ChaptersPanel({ videoId, currentTime, onSeek }: Props) {
  const { data: chapters, isPending } = useChapters(videoId);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  // From the chapters already loaded when the tab opens (the modal's player loaded them first), then
  // from each change: useOnChange sees changes only, never the value it starts with.
  const [drafts, setDrafts] = useState<Draft[]>(() => chapters?.map(toDraft) ?? []);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const adding = useRef(false);
  const [addBusy, setAddBusy] = useState(false);

  // Saved chapters replace the drafts, keeping what is being edited in rows that still exist.
  useOnChange(chapters, (saved) => saved && setDrafts((current) => saved.map((c) => current.find((d) => d._id === c._id && isDirty(d, c)) ?? toDraft(c))));

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.chapters(videoId) });

  async function add() {
    if (adding.current) return;
    adding.current = true;
    setAddBusy(true);
    try {
      const count = (chapters?.length ?? 0) + 1;
      await apiCall(doors.chapters.create, { body: { title: `Chapter ${count}`, cuePoint: formatCuePoint(currentTime), videoId } });
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      adding.current = false;
      setAddBusy(false);
    }
  }

  async function saveAll() {
    if (drafts.some((d) => !d.title.trim())) {
      setShowErrors(true);
      return;
    }
    setShowErrors(false);
    setSaving(true);
    const changed = drafts.filter((d) => {
      const saved = chapters?.find((c) => c._id === d._id);
      return !saved || isDirty(d, saved);
    });
    const results = await Promise.allSettled(
      changed.map((d) => apiCall(doors.chapters.update, { params: { id: d._id }, body: { title: d.title.trim(), cuePoint: formatCuePoint(draftSeconds(d)), videoId } })),
    );
    setSaving(false);
    // Spec §8: the alert on success; failures are only logged.
    results.forEach((r, i) => r.status === "rejected" && console.error(`[chapters] saving "${changed[i].title}" failed:`, (r.reason as Error).message));
    if (results.every((r) => r.status === "fulfilled")) toast.success(TEXTS.chaptersSaved);
    await queryClient.resetQueries({ queryKey: queryKeys.chapters(videoId) });
  }

  async function remove(d: Draft) {
    if (!(await confirm(TEXTS.confirmDelete.chapter))) return;
    try {
      await apiCall(doors.chapters.remove, { params: { id: d._id } });
      setDrafts((ds) => ds.filter((x) => x._id !== d._id));
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  const edit = (id: string, change: (d: Draft) => Draft) => setDrafts((ds) => ds.map((d) => (d._id === id ? change(d) : d)));

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900">Chapters</h3>
        <button type="button" className={buttonClass("outline", "px-3 py-1.5")} onClick={() => void add()} disabled={addBusy}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add chapter
        </button>
      </div>
      <p className="text-xs text-zinc-500">A new chapter starts at the current play time ({formatCuePoint(currentTime)}).</p>
      <ol
        className="overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50"
        style={{ minHeight: LAYOUT.chapterList.min, maxHeight: LAYOUT.chapterList.max }}
        aria-label="Chapters"
        data-testid="chapter-list"
      >
        {isPending ? (
          <li className="p-3 text-sm text-zinc-500">{TEXTS.loadingChapters}</li>
        ) : drafts.length === 0 ? (
          <li className="p-3 text-sm text-zinc-500">{TEXTS.noChapters}</li>
        ) : (
          drafts.map((d, i) => {
            const missing = showErrors && !d.title.trim();
            return (
              <li key={d._id} className="border-b border-zinc-200 p-2.5 last:border-b-0" data-testid="chapter-row">
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={() => onSeek(draftSeconds(d))}
                    className="shrink-0 rounded-md bg-white px-2 py-1 font-mono text-xs font-semibold text-brand-700 ring-1 ring-zinc-200 hover:bg-brand-50"
                    aria-label={`Play from ${formatCuePoint(draftSeconds(d))}: ${d.title || `chapter ${i + 1}`}`}
                    data-testid="chapter-seek"
                  >
                    {formatCuePoint(draftSeconds(d))}
                  </button>
                  <input
                    value={d.title}
                    onChange={(e) => edit(d._id, (x) => ({ ...x, title: e.target.value }))}
                    aria-label={`Chapter ${i + 1} title`}
                    aria-required="true"
                    aria-invalid={missing}
                    maxLength={CHAPTER_TITLE_MAX}
                    className={`min-w-0 flex-1 rounded-md border px-2 py-1 text-sm focus:border-brand-500 focus:outline-none ${missing ? "border-red-500" : "border-zinc-300"}`}
                  />
                  <button
                    type="button"
                    onClick={() => void remove(d)}
                    className="shrink-0 rounded-md p-1 text-zinc-500 hover:bg-red-50 hover:text-red-700"
                    aria-label={`Delete chapter ${d.title || i + 1}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
                {missing && <p className="mt-1 text-xs text-red-700">{TEXTS.chapterTitleRequired}</p>}
                <fieldset className="mt-2 flex items-center gap-1 text-xs text-zinc-500">
                  <legend className="sr-only">Chapter {i + 1} start</legend>
                  {d.parts.map((p, k) => (
                    <span key={k} className="flex items-center gap-1">
                      {k > 0 && <span aria-hidden="true">:</span>}
                      <input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={TIME_PART_MAX}
                        value={p}
                        onChange={(e) => edit(d._id, (x) => ({ ...x, parts: x.parts.map((v, j) => (j === k ? String(clampTimePart(e.target.value)) : v)) as Draft["parts"] }))}
                        onBlur={() => edit(d._id, (x) => ({ ...x, parts: x.parts.map((v) => padTimePart(Number(v))) as Draft["parts"] }))}
                        aria-label={`Chapter ${i + 1} ${PART_LABELS[k].toLowerCase()}`}
                        className="w-12 rounded-md border border-zinc-300 px-1.5 py-1 text-center font-mono text-sm text-zinc-900 focus:border-brand-500 focus:outline-none"
                      />
                    </span>
                  ))}
                  <span className="ml-1">hh:mm:ss</span>
                </fieldset>
              </li>
            );
          })
        )}
      </ol>
      <button type="button" className={buttonClass("primary")} onClick={() => void saveAll()} disabled={saving || drafts.length === 0}>
        <Save className="h-4 w-4" aria-hidden="true" />
        {saving ? "Saving..." : "Save all chapters"}
      </button>
    </div>
  );
}

function isDirty(d: Draft, c: ChapterDto): boolean {
  return d.title !== c.title || draftSeconds(d) !== c.seconds;
}

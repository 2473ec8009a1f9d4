"use client";
// CAPTIONS: a film's caption files, one per language. Add: a language from the list, a
// label players show (its name in its own language unless written), shown by default or not, and
// an SRT or WebVTT file; the server checks and converts it and says exactly what is wrong. Each
// track can be replaced (a new file, same language), relabelled, made the default, or deleted. The
// player beside this panel shows them (its captions menu), so the studio previews them on the film.
import { useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Captions, Pencil, RefreshCw, Trash2, Upload } from "lucide-react";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { CAPTION_LANGUAGES, captionLabelFor, type CaptionLanguageCode } from "@/lib/services/films/rules/captions";
import { CAPTION_LABEL_MAX, type CaptionUploadQuery } from "@/lib/validation/captions";
import { CAPTION_MAX_BYTES } from "@/lib/limits";
import type { CaptionDto } from "@/lib/contract/films";
import { TranscriptStatus } from "@/components/studio/player/transcript-status";
import { CueEditor } from "@/components/studio/player/cue-editor";

const ACCEPT = ".srt,.vtt,text/vtt,application/x-subrip,text/plain";
const languageName = (code: string) => CAPTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
/** The listed language a code names (a picked option's, a stored track's), typed as the upload door takes it. */
const languageOf = (code: string) => CAPTION_LANGUAGES.find((l) => l.code === code)?.code;

/** A film's caption tracks, the default first (the server's order). */
export function useCaptions(videoId: string) {
  return useQuery({
    queryKey: queryKeys.captions(videoId),
    queryFn: async () => (await apiCall(doors.captions.list, { params: { videoId } })).captions,
  });
}

function uploadQuery(language: CaptionLanguageCode, label?: string, isDefault?: boolean): CaptionUploadQuery {
  return { language, label, default: isDefault === undefined ? undefined : isDefault ? "true" : "false" };
}

export function CaptionsPanel({ videoId }: { videoId: string }) {
  const { data: captions, isPending } = useCaptions(videoId);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const ids = useId();
  const [language, setLanguage] = useState<CaptionLanguageCode>("en");
  const [label, setLabel] = useState(captionLabelFor("en"));
  const [labelEdited, setLabelEdited] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<CaptionDto | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.captions(videoId) });
  const existing = captions?.find((c) => c.language === language);

  function pickLanguage(picked: string) {
    const code = languageOf(picked);
    if (!code) return;
    setLanguage(code);
    if (!labelEdited) setLabel(captionLabelFor(code));
  }

  /** Sends a file; a refusal (bad timing, wrong file…) is shown where the studio looks. */
  async function send(f: File, query: CaptionUploadQuery): Promise<boolean> {
    setError(null);
    if (f.size > CAPTION_MAX_BYTES) {
      setError(TEXTS.captions.tooLarge);
      return false;
    }
    setBusy(true);
    try {
      await apiCall(doors.captions.upload, { params: { videoId }, query, file: f });
      await refresh();
      toast.success(TEXTS.captions.uploaded);
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!file) {
      setError(TEXTS.captions.fileRequired);
      return;
    }
    if (await send(file, uploadQuery(language, label.trim(), isDefault))) {
      setFile(null);
      setIsDefault(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function change(c: CaptionDto, body: { label?: string; isDefault?: boolean; confirmed?: true }) {
    setError(null);
    try {
      await apiCall(doors.captions.update, { params: { videoId, captionId: c._id }, body });
      await refresh();
    } catch (e) {
      setError((e as Error).message);
      await refresh();
    }
  }

  async function remove(c: CaptionDto) {
    if (!(await confirm(TEXTS.captions.deleteConfirm))) return;
    try {
      await apiCall(doors.captions.remove, { params: { videoId, captionId: c._id } });
      await refresh();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="captions-panel">
      <h3 className="text-sm font-semibold text-zinc-900">Captions</h3>
      <TranscriptStatus videoId={videoId} />
      <ul className="overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50" aria-label="Caption tracks" data-testid="caption-list">
        {isPending ? (
          <li className="p-3 text-sm text-zinc-500">{TEXTS.captions.loading}</li>
        ) : !captions?.length ? (
          <li className="p-3 text-sm text-zinc-500">{TEXTS.captions.none}</li>
        ) : (
          captions.map((c) => (
            <li key={c._id} className="border-b border-zinc-200 p-2.5 last:border-b-0" data-testid="caption-row">
              <div className="flex items-center gap-2">
                <Captions className="h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
                <input
                  key={c.label}
                  defaultValue={c.label}
                  maxLength={CAPTION_LABEL_MAX}
                  aria-label={`Label of the ${languageName(c.language)} captions`}
                  onBlur={(e) => {
                    const next = e.target.value.trim();
                    if (next && next !== c.label) void change(c, { label: next });
                    else e.target.value = c.label;
                  }}
                  onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
                  className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus:border-brand-500 focus:outline-none"
                />
                <button
                  type="button"
                  onClick={() => {
                    setReplacing(c);
                    replaceInput.current?.click();
                  }}
                  className="shrink-0 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
                  aria-label={`Replace the ${c.label} captions file`}
                  disabled={busy}
                >
                  <RefreshCw className="h-4 w-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => setEditing(editing === c._id ? null : c._id)}
                  className="shrink-0 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
                  aria-label={TEXTS.captions.edit(c.label)}
                  aria-expanded={editing === c._id}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button type="button" onClick={() => void remove(c)} className="shrink-0 rounded-md p-1 text-zinc-500 hover:bg-red-50 hover:text-red-700" aria-label={`Delete the ${c.label} captions`}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
              <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2 pl-6 text-xs text-zinc-500">
                <span>
                  {languageName(c.language)} · {c.cueCount.toLocaleString("en-US")} {c.cueCount === 1 ? "caption" : "captions"}
                </span>
                {c.source === "automatic" && !c.confirmedAt ? (
                  <span className="inline-flex items-center gap-1.5" data-testid="caption-automatic">
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-800" title={TEXTS.captions.automaticHint}>
                      {TEXTS.captions.automatic}
                    </span>
                    <button type="button" className="rounded px-1.5 py-0.5 font-medium text-brand-700 hover:bg-brand-50" onClick={() => void change(c, { confirmed: true })}>
                      {TEXTS.captions.confirm}
                    </button>
                  </span>
                ) : null}
                <label className="inline-flex items-center gap-1.5 text-zinc-700">
                  <input type="checkbox" checked={c.isDefault} onChange={(e) => void change(c, { isDefault: e.target.checked })} className="h-3.5 w-3.5 accent-brand-700" />
                  Shown by default
                </label>
              </div>
              {editing === c._id ? (
                <CueEditor
                  videoId={videoId}
                  caption={c}
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) void refresh();
                  }}
                />
              ) : null}
            </li>
          ))
        )}
      </ul>
      <input
        ref={replaceInput}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="caption-replace-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          const code = replacing && languageOf(replacing.language);
          if (f && code) void send(f, uploadQuery(code));
        }}
      />

      <form onSubmit={(e) => void add(e)} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-3" aria-labelledby={`${ids}-title`} noValidate>
        <h4 id={`${ids}-title`} className="text-xs font-semibold tracking-wider text-zinc-500 uppercase">
          Add captions
        </h4>
        <label htmlFor={`${ids}-language`} className="text-xs font-medium text-zinc-700">
          Language
        </label>
        <select
          id={`${ids}-language`}
          value={language}
          onChange={(e) => pickLanguage(e.target.value)}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
        >
          {CAPTION_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-label`} className="text-xs font-medium text-zinc-700">
          Label shown to viewers
        </label>
        <input
          id={`${ids}-label`}
          value={label}
          maxLength={CAPTION_LABEL_MAX}
          onChange={(e) => {
            setLabel(e.target.value);
            setLabelEdited(true);
          }}
          className="rounded-md border border-zinc-300 px-2 py-1.5 text-sm focus:border-brand-500 focus:outline-none"
        />
        <label htmlFor={`${ids}-file`} className="text-xs font-medium text-zinc-700">
          {TEXTS.captions.fileHint}
        </label>
        <input
          ref={fileInput}
          id={`${ids}-file`}
          type="file"
          accept={ACCEPT}
          onChange={(e) => {
            setError(null);
            setFile(e.target.files?.[0] ?? null);
          }}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1 file:text-sm file:font-medium hover:file:bg-zinc-50"
          data-testid="caption-file"
        />
        <label className="inline-flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} className="h-4 w-4 accent-brand-700" />
          Show by default
        </label>
        {existing && <p className="text-xs text-amber-700">{TEXTS.captions.replaces(existing.label)}</p>}
        <FormError message={error} />
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {busy ? "Uploading..." : "Upload captions"}
        </button>
      </form>
    </div>
  );
}

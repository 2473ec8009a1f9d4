// Automatic transcripts: a film's sound sent to the provider the operator configured
// (TRANSCRIBE_BASE_URL: OpenAI, or a self-hosted whisper.cpp / faster-whisper server speaking the
// same API) through the `openai` SDK, written as an automatic caption track (./captions.ts
// writeAutomaticTrack). Only for a studio that turned them on (Admin.transcriptsEnabled, off by
// default): nothing of any other studio's films is ever sent.
//
//   a film READY (video-processing.ts), or the studio asks (requestTranscript)
//     ─▶ queueTranscript: Transcript row queued for the film's version ─▶ transcriptJob
//     ─▶ runTranscript: pieces of ≤ 10 minutes (ffmpeg: mono 16 kHz WAV), each sent, progress kept,
//        segments joined (rules/transcript.ts) ─▶ the track ─▶ done | failed (with why)
//
// A provider that fails or does not answer is retried (by the SDK, then by the queue with back-off);
// one that answers garbage, a film too long or without sound fail at once. A failure changes no track.
import "@/lib/server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import OpenAI, { toFile } from "openai";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { TEXTS } from "@/lib/texts";
import { enqueue } from "@/lib/jobs/queue";
import { transcriptJob } from "@/lib/jobs/kinds";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { withSourceFile } from "@/lib/media/process-video";
import { writeAutomaticTrack } from "@/lib/services/films/captions";
import {
  captionLanguageOf,
  joinPieces,
  majorityLanguage,
  planPieces,
  providerAnswerSchema,
  TRANSCRIPT_MAX_SECONDS,
  TRANSCRIPT_OVERLAP_SECONDS,
  TRANSCRIPT_PIECE_SECONDS,
  type Piece,
} from "@/lib/services/films/rules/transcript";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { TranscriptDto, TranscriptSettingsDto } from "@/lib/contract/films";
import type { Transcript } from "@/generated/prisma/client";

/** Whether the operator configured a provider (TRANSCRIBE_BASE_URL); unset, the feature is off for everyone. */
const transcriptsAvailable = (): boolean => env().TRANSCRIBE_BASE_URL !== undefined;

/** A failed attempt with the studio's words for it; `retry`: the queue tries again (the provider, not the film). */
class TranscriptFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const view = (t: Transcript): TranscriptDto => ({
  state: t.state,
  progress: t.progress,
  version: t.version,
  language: t.language,
  failureReason: t.failureReason,
  updatedAt: t.updatedAt.toISOString(),
});

/** GET /api/users/transcripts: whether the server offers transcripts, and whether the studio turned them on. */
export async function transcriptSettings(actor: Actor): Promise<TranscriptSettingsDto> {
  const admin = await db.admin.findFirst({ where: { id: actor.id }, select: { transcriptsEnabled: true } });
  if (!admin) throw notFound();
  return { available: transcriptsAvailable(), enabled: admin.transcriptsEnabled };
}

/** PUT /api/users/transcripts { enabled }: the studio's consent. Turning on where no provider is configured is refused (409). */
export async function updateTranscriptSettings(actor: Actor, input: { enabled: boolean }): Promise<TranscriptSettingsDto> {
  if (input.enabled && !transcriptsAvailable()) throw new AppError("CONFLICT", TEXTS.transcripts.notAvailable);
  await db.admin.updateMany({ where: { id: actor.id }, data: { transcriptsEnabled: input.enabled } });
  return transcriptSettings(actor);
}

/** GET /api/videos/transcript/:videoId: the film's transcript job (null: never asked), and the studio's settings. */
export async function filmTranscript(actor: Actor, videoId: string): Promise<{ transcript: TranscriptDto | null } & TranscriptSettingsDto> {
  const video = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { transcript: true } });
  if (!video) throw notFound();
  return { transcript: video.transcript ? view(video.transcript) : null, ...(await transcriptSettings(actor)) };
}

/**
 * POST /api/videos/transcript/:videoId: the studio asks for the film's transcript (a film filed
 * before it turned them on, or one whose transcript failed). Refused (409) while not available, off,
 * or the film not yet playable; a transcript of this version already queued, running or done is answered as it is.
 */
export async function requestTranscript(actor: Actor, videoId: string): Promise<TranscriptDto> {
  const video = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, status: true, admin: { select: { transcriptsEnabled: true } } } });
  if (!video) throw notFound();
  if (!transcriptsAvailable()) throw new AppError("CONFLICT", TEXTS.transcripts.notAvailable);
  if (!video.admin.transcriptsEnabled) throw new AppError("CONFLICT", TEXTS.transcripts.off);
  if (video.status !== "READY") throw new AppError("CONFLICT", TEXTS.transcripts.notReady);
  const row = await queueTranscript(video.id, { again: true });
  if (!row) throw notFound();
  return view(row);
}

/**
 * Queues the transcript of the film's current version, for a studio that turned transcripts on on
 * a server that offers them (else nothing, and null). A version already queued, running or done is
 * left as it is (a thumbnail-only run makes the film READY again); `again`: a failed one is queued again.
 */
export async function queueTranscript(videoId: string, { again = false } = {}): Promise<Transcript | null> {
  if (!transcriptsAvailable()) return null;
  const video = await db.video.findUnique({
    where: { id: videoId },
    select: { id: true, adminId: true, version: true, status: true, admin: { select: { transcriptsEnabled: true } }, transcript: true },
  });
  if (!video || video.status !== "READY" || !video.admin.transcriptsEnabled) return null;
  const t = video.transcript;
  if (t && t.version === video.version && (t.state !== "failed" || !again)) return t;
  const fresh = { version: video.version, state: "queued" as const, progress: 0, failureReason: null, language: null, audioSeconds: null };
  const row = await db.transcript.upsert({ where: { videoId: video.id }, create: { videoId: video.id, adminId: video.adminId, ...fresh }, update: fresh });
  await enqueue(transcriptJob, { videoId: video.id, version: video.version });
  return row;
}

export type TranscribeOptions = {
  /** The longest piece sent (seconds; a test cuts a short clip into several). */
  pieceSeconds?: number;
  overlapSeconds?: number;
  /** The SDK's own retries of one request (with its back-off), before the attempt fails. */
  retries?: number;
};

type Outcome = "done" | "kept" | "failed" | "off" | "gone";

/**
 * The transcript job: the film's current version, if it is still the one queued. Every outcome is
 * written on its Transcript row (what the captions panel shows); a failure the queue should retry is
 * thrown after it is written.
 */
export async function runTranscript(p: { videoId: string; version: number }, opts: TranscribeOptions = {}): Promise<Outcome> {
  const film = await db.video.findUnique({
    where: { id: p.videoId },
    select: { id: true, adminId: true, galleryId: true, version: true, storageKey: true, gallery: { select: { folderId: true } }, admin: { select: { transcriptsEnabled: true } } },
  });
  if (!film || film.version !== p.version) return "gone";
  const claimed = await db.transcript.updateMany({ where: { videoId: film.id, version: p.version }, data: { state: "running", progress: 0, failureReason: null } });
  if (claimed.count === 0) return "gone";
  // Consent is read when the job runs, not when it was queued: turned off meanwhile, nothing is sent.
  if (!transcriptsAvailable() || !film.admin.transcriptsEnabled) {
    await record(p, { state: "failed", failureReason: TEXTS.transcripts.turnedOff });
    return "off";
  }
  try {
    const { language, cues, audioSeconds } = await withSourceFile(film.storageKey, (src, dir) => transcribe(p, src, dir, opts));
    const written = await writeAutomaticTrack(film, language, cues);
    if (written.outcome === "gone") return "gone";
    if (written.outcome === "refused") throw new TranscriptFailure(written.message, false);
    await record(p, { state: "done", progress: 100, language, audioSeconds });
    return written.outcome === "kept" ? "kept" : "done";
  } catch (e) {
    if (!(e instanceof TranscriptFailure)) throw e;
    await record(p, { state: "failed", failureReason: e.message });
    log().warn({ videoId: p.videoId, version: p.version, reason: e.message, retry: e.retry }, "transcript failed");
    if (e.retry) throw e;
    return "failed";
  }
}

/** Before the queue's next try: queued again, the last reason kept for the card. */
export async function retryTranscript(p: { videoId: string; version: number }): Promise<void> {
  await db.transcript.updateMany({ where: { videoId: p.videoId, version: p.version, state: "failed" }, data: { state: "queued" } });
}

/** After the queue's last try: failed, with the last attempt's reason (or a general one). */
export async function failTranscript(p: { videoId: string; version: number }, error: unknown): Promise<void> {
  const reason = error instanceof TranscriptFailure ? error.message : TEXTS.transcripts.gaveUp;
  await record(p, { state: "failed", failureReason: reason });
}

async function record(p: { videoId: string; version: number }, data: Partial<Pick<Transcript, "state" | "progress" | "failureReason" | "language" | "audioSeconds">>) {
  await db.transcript.updateMany({ where: { videoId: p.videoId, version: p.version }, data });
}

/** The film's sound, piece by piece, through the provider; its cues in film time and its language. */
async function transcribe(
  p: { videoId: string; version: number },
  src: { path: string; facts: { durationSec: number | null; audioCodec: string | null } | null },
  dir: string,
  opts: TranscribeOptions,
): Promise<{ language: string; cues: ReturnType<typeof joinPieces>; audioSeconds: number }> {
  const duration = src.facts?.durationSec ?? 0;
  if (duration > TRANSCRIPT_MAX_SECONDS) throw new TranscriptFailure(TEXTS.transcripts.tooLong(TRANSCRIPT_MAX_SECONDS / 3600), false);
  if (!src.facts?.audioCodec || !(duration > 0)) throw new TranscriptFailure(TEXTS.transcripts.noSound, false);
  const pieces = planPieces(duration, opts.pieceSeconds ?? TRANSCRIPT_PIECE_SECONDS, opts.overlapSeconds ?? TRANSCRIPT_OVERLAP_SECONDS);
  const client = provider(opts.retries);
  const heard: { piece: Piece; language: string | undefined; segments: { start: number; end: number; text: string }[] }[] = [];
  for (const piece of pieces) {
    const file = path.join(dir, `piece-${piece.index}.wav`);
    // Seeking before the input reads only the piece (by ranges, from the store's signed address).
    await ffmpeg(["-ss", String(piece.start), "-t", String(piece.seconds), "-i", src.path, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", file]);
    const answer = await send(client, file);
    heard.push({ piece, language: answer.language, segments: answer.segments ?? (answer.text.trim() ? [{ start: 0, end: piece.seconds, text: answer.text }] : []) });
    await record(p, { progress: Math.min(99, Math.round(((piece.index + 1) / pieces.length) * 100)) });
  }
  const detected = majorityLanguage(heard);
  const cues = joinPieces(heard, duration);
  if (cues.length === 0) throw new TranscriptFailure(TEXTS.transcripts.noSpeech, false);
  const language = captionLanguageOf(detected);
  if (!language) throw new TranscriptFailure(TEXTS.transcripts.languageUnsupported(detected ?? "?"), false);
  return { language, cues, audioSeconds: duration };
}

function provider(retries = 2): OpenAI {
  const e = env();
  // A local server needs no key; the SDK insists on one, and sends it as a bearer token.
  return new OpenAI({ baseURL: e.TRANSCRIBE_BASE_URL, apiKey: e.TRANSCRIBE_API_KEY ?? "none", timeout: e.TRANSCRIBE_TIMEOUT_SECONDS * 1000, maxRetries: retries });
}

/** One piece through the SDK; whatever goes wrong becomes a TranscriptFailure that says why. */
async function send(client: OpenAI, file: string) {
  let answer: unknown;
  const started = Date.now();
  try {
    answer = await client.audio.transcriptions.create({
      // In memory (a 10-minute piece is 19 MB), not a stream: the SDK retries only a body it can send again.
      file: await toFile(await readFile(file), path.basename(file), { type: "audio/wav" }),
      model: env().TRANSCRIBE_MODEL,
      response_format: "verbose_json",
      timestamp_granularities: ["segment"],
    });
  } catch (e) {
    // The SDK names a timeout by its abort error's name, which it loses where that error is not an
    // Error of this realm (jest's): a connection error no sooner than the timeout is one too.
    const timedOut = e instanceof OpenAI.APIConnectionTimeoutError || (e instanceof OpenAI.APIConnectionError && Date.now() - started >= client.timeout);
    if (timedOut) throw new TranscriptFailure(TEXTS.transcripts.providerTimeout, true);
    if (e instanceof OpenAI.APIConnectionError) throw new TranscriptFailure(TEXTS.transcripts.providerUnreachable, true);
    if (e instanceof OpenAI.APIError) throw new TranscriptFailure(TEXTS.transcripts.providerFailed(e.status ?? "?"), true);
    // The SDK could not read the answer (not JSON).
    throw new TranscriptFailure(TEXTS.transcripts.providerGarbage, false);
  }
  const parsed = providerAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new TranscriptFailure(TEXTS.transcripts.providerGarbage, false);
  return parsed.data;
}

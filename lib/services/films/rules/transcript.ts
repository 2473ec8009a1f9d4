// Automatic transcripts, the pure part: how a film's sound is cut into pieces a provider accepts,
// what a provider's answer must look like, how the pieces' segments are joined into one track's
// cues (their overlap de-duplicated) and which caption language the detected one is. No I/O: the
// job (lib/services/films/transcripts.ts) and the tests share it.
import { z } from "zod";
import { CAPTION_LANGUAGES, type CaptionLanguageCode, type Cue } from "@/lib/services/films/rules/captions";

/** The longest film transcribed (4 hours); a longer one fails with a reason. */
export const TRANSCRIPT_MAX_SECONDS = 4 * 60 * 60;
/** The longest piece sent in one request (10 minutes: 16 kHz mono WAV stays under providers' 25 MB). */
export const TRANSCRIPT_PIECE_SECONDS = 10 * 60;
/** How much consecutive pieces share, so a word cut at a piece's end is heard whole in the next. */
export const TRANSCRIPT_OVERLAP_SECONDS = 5;

export type Piece = { index: number; start: number; seconds: number };

/**
 * The pieces of `duration` seconds of sound: each at most `pieceSeconds` long, each after the first
 * starting `overlapSeconds` before its predecessor ends. A last piece shorter than the overlap adds
 * nothing its predecessor did not hear: none.
 */
export function planPieces(duration: number, pieceSeconds = TRANSCRIPT_PIECE_SECONDS, overlapSeconds = TRANSCRIPT_OVERLAP_SECONDS): Piece[] {
  if (!(duration > 0)) return [];
  const overlap = Math.min(Math.max(overlapSeconds, 0), pieceSeconds / 2);
  const step = pieceSeconds - overlap;
  const pieces: Piece[] = [];
  for (let start = 0, index = 0; start < duration; start += step, index++) {
    pieces.push({ index, start, seconds: Math.min(pieceSeconds, duration - start) });
    if (start + pieceSeconds >= duration) break;
  }
  return pieces;
}

/** A provider's verbose_json answer (OpenAI, whisper.cpp, faster-whisper): what is read of it; anything else is garbage. */
export const providerAnswerSchema = z.object({
  language: z.string().optional(),
  duration: z.coerce.number().optional(),
  text: z.string(),
  segments: z
    .array(z.object({ start: z.number().finite().min(0), end: z.number().finite().min(0), text: z.string() }))
    .max(100_000)
    .optional(),
});

/**
 * One track's cues from each piece's segments, in film time. Each piece owns the span from the
 * middle of its overlap with the previous piece to the middle of its overlap with the next: a
 * segment is kept by the piece that owns its middle, so a sentence heard twice in an overlap is
 * written once. Ends are kept after starts and within the film.
 */
export function joinPieces(pieces: readonly { piece: Piece; segments: readonly { start: number; end: number; text: string }[] }[], duration: number): Cue[] {
  const cues: Cue[] = [];
  pieces.forEach(({ piece, segments }, i) => {
    const prev = pieces[i - 1]?.piece;
    const next = pieces[i + 1]?.piece;
    const from = prev ? (piece.start + prev.start + prev.seconds) / 2 : 0;
    const to = next ? (next.start + piece.start + piece.seconds) / 2 : Infinity;
    for (const s of segments) {
      const text = s.text.trim();
      if (!text) continue;
      const start = round(piece.start + Math.min(s.start, piece.seconds));
      const end = round(Math.min(piece.start + Math.min(Math.max(s.end, s.start), piece.seconds), duration));
      const middle = (start + end) / 2;
      if (middle < from || middle >= to) continue;
      const last = cues[cues.length - 1];
      const at = last && start < last.end ? last.end : start;
      if (end > at) cues.push({ start: at, end, text });
    }
  });
  return cues;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/**
 * The caption language a provider named: a code ("en", "pt-BR") or an English name ("english", as
 * OpenAI's verbose_json says); null when captions cannot be in it.
 */
export function captionLanguageOf(detected: string | undefined): CaptionLanguageCode | null {
  const d = (detected ?? "").trim().toLowerCase();
  if (!d) return null;
  const byCode = CAPTION_LANGUAGES.find((l) => l.code.toLowerCase() === d);
  if (byCode) return byCode.code;
  const byName = CAPTION_LANGUAGES.find((l) => l.name.toLowerCase() === d);
  if (byName) return byName.code;
  // A bare language whose list holds only regional or script variants, and whisper's own names.
  const aliases: Record<string, CaptionLanguageCode> = { zh: "zh-Hans", chinese: "zh-Hans", tagalog: "fil", tl: "fil", nb: "no", nn: "no", norwegian: "no", nynorsk: "no" };
  return aliases[d] ?? null;
}

/** The language most of the sound is in: each piece's detected language weighed by its length. */
export function majorityLanguage(pieces: readonly { piece: Piece; language: string | undefined }[]): string | undefined {
  const weight = new Map<string, number>();
  for (const p of pieces) if (p.language) weight.set(p.language, (weight.get(p.language) ?? 0) + p.piece.seconds);
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

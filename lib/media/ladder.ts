// The HLS ladder of a video: which rungs a source gets, the one ffmpeg run that makes them (one
// decode, split to every rung; the audio encoded once into its own rendition), the master playlist
// naming them, and the pre-flight check each run passes before anything of it is published.
// Facts and files only: lib/services/films/video-processing.ts decides what to publish.
import "@/lib/server-only";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpeg, inspect } from "@/lib/media/ffmpeg";
import { markGraph, markText, type BurnIn, type Frame } from "@/lib/media/watermark-filter";
import { env } from "@/lib/env";

/** Segment length and keyframe interval, in seconds: keyframes fall on whole seconds whatever the frame rate. */
const SEGMENT_SECONDS = 4;
const GOP_SECONDS = 2;
const AUDIO_PLAYLIST = "audio.m3u8";
const AUDIO_GROUP = "audio";
const AUDIO_KBPS = 128;
/** The audio rendition's name in the master playlist: players show it as the track's label (it is always stereo: "-ac 2"). */
const AUDIO_NAME = "Stereo";
/** A rung's height may differ from the source's duration by at most this much (the pre-flight check). */
export const DURATION_TOLERANCE_SEC = 0.5;

/** Peak video bitrates (kbit/s) by rung (the short side: rungSize); a rung between two gets the next one up's. */
const KBPS: [number, number][] = [
  [240, 500],
  [360, 900],
  [480, 1500],
  [720, 3000],
  [1080, 6000],
  [1440, 10000],
  [2160, 18000],
  [4320, 45000],
];
export const rungKbps = (rung: number) => (KBPS.find(([h]) => h >= rung) ?? KBPS[KBPS.length - 1])[1];

/**
 * A rung is named by its short side, the "p" of 720p: a landscape rung's height, a portrait one's
 * width (a 1080×1920 reel's 720p rung is 720×1280), a square one's both. Its long side follows the
 * film's shape, rounded down to an even number (4:2:0 needs even sides; rounding down never makes
 * it larger than the film). `frame`: the picture as shown (after any rotation).
 */
export function rungSize(frame: { width: number; height: number }, rung: number): { width: number; height: number } {
  const long = (side: number, other: number) => 2 * Math.floor((side * rung) / other / 2);
  return frame.width >= frame.height ? { width: long(frame.width, frame.height), height: rung } : { width: rung, height: long(frame.height, frame.width) };
}

/**
 * The rungs of the ladder a film gets: those not above its short side (a portrait film is measured
 * as a landscape one turned), or, when smaller than all, its own short side (made even). Never upscaled.
 */
export function ladderFor(frame: { width: number; height: number }, ladder: number[]): number[] {
  const short = Math.min(frame.width, frame.height);
  const fit = ladder.filter((h) => h <= short);
  return fit.length ? fit : [short - (short % 2)];
}

/** ffmpeg's scale to a rung (rungSize's rule, decided on the decoded picture, so on any piece of the film as it is shown). */
const scaleTo = (rung: number) => {
  const long = (side: string, other: string) => `2*trunc(${side}*${rung}/${other}/2)`;
  return `scale=w='if(gte(iw,ih),${long("iw", "ih")},${rung})':h='if(gte(iw,ih),${rung},${long("ih", "iw")})'`;
};

/** A rung's files: `720p.m3u8` and `720p_000.ts` …; a chunk's own: `720p_c003.m3u8` and `720p_c003_000.ts` …. */
const rungName = (rung: number, chunk?: number) => (chunk === undefined ? `${rung}p` : `${rung}p_c${String(chunk).padStart(3, "0")}`);
export const rungPlaylist = (rung: number, chunk?: number) => `${rungName(rung, chunk)}.m3u8`;

/** One rung as it came out: its name (the short side, rungSize) and its real size, read back from a segment, for the master playlist. */
export type Rung = { rung: number; height: number; width: number; kbps: number };

/** x264 for every rung: the GOP follows time, not a frame count, so segments are whole seconds. */
function videoArgs(height: number, threads: number): string[] {
  const kbps = rungKbps(height);
  return [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-profile:v",
    "high",
    "-crf",
    "23",
    "-maxrate",
    `${kbps}k`,
    "-bufsize",
    `${kbps * 2}k`,
    "-force_key_frames",
    `expr:gte(t,n_forced*${GOP_SECONDS})`,
    "-sc_threshold",
    "0",
    ...(threads ? ["-threads", String(threads)] : []),
  ];
}

const hlsArgs = (dir: string, name: string) => [
  "-f",
  "hls",
  "-hls_time",
  String(SEGMENT_SECONDS),
  "-hls_playlist_type",
  "vod",
  "-hls_segment_filename",
  path.join(dir, `${name}_%03d.ts`),
  path.join(dir, `${name}.m3u8`),
];

/** The font watermark texts are drawn with: Geist, which ships with Next.js (SIL Open Font License), so no machine needs fonts of its own. */
function markFont(): string {
  return path.join(path.dirname(require.resolve("next/package.json")), "dist", "compiled", "@vercel", "og", "Geist-Regular.ttf");
}

/** A watermark burned into every rung: the mark, and the source picture's size (the mark is sized from the frame). */
export type LadderMark = BurnIn & { source: Frame };

/**
 * One ffmpeg run writes every rung in `heights` (rungs by their short side: rungSize) into `dir`: the
 * source is decoded once and `split` to a scaler per rung (8-bit 4:2:0, H.264 High: what every browser and TV decodes); with `audio`,
 * its first audio track, of any codec, becomes one AAC stereo rendition beside them (`audio.m3u8`),
 * which every rung shares. `threads`: ffmpeg's threads per encoder (0: as many as it likes). With
 * `watermark` (a preview ladder), the picture is scaled to the top rung and the mark burned into it
 * once, before the split (lib/media/watermark-filter.ts); its text goes to ffmpeg in a file of its own.
 */
export async function encodeLadder(
  source: string,
  dir: string,
  heights: number[],
  {
    audio,
    threads = env().FFMPEG_THREADS,
    chunk,
    watermark,
    onProgress,
    signal,
  }: {
    audio: boolean;
    threads?: number;
    chunk?: { index: number; startSec: number };
    watermark?: LadderMark;
    /** Seconds of the source encoded so far. */
    onProgress?: (seconds: number) => void;
    /** Aborted: ffmpeg is stopped. */
    signal?: AbortSignal;
  },
): Promise<void> {
  if (watermark && !watermark.logoFile && !markText(watermark.text)) throw new Error("A watermark needs a text or a logo");
  // The text file lives outside `dir`: everything in `dir` is the ladder's, and is stored.
  const markDir = watermark && heights.length ? await mkdtemp(path.join(tmpdir(), "vidfolio-mark-")) : null;
  try {
    const outs = heights.map((h, i) => `[v${i}]`);
    const rungs = (input: string) => `${input}split=${heights.length}${heights.map((_, i) => `[s${i}]`).join("")};${heights.map((h, i) => `[s${i}]${scaleTo(h)},format=yuv420p${outs[i]}`).join(";")}`;
    const args = ["-i", source];
    if (markDir && watermark) {
      const textFile = path.join(markDir, "mark.txt");
      await writeFile(textFile, markText(watermark.text), "utf8");
      if (watermark.logoFile) args.push("-i", watermark.logoFile);
      const graph = markGraph(watermark, rungSize(watermark.source, Math.max(...heights)), { textFile, fontFile: markFont() });
      args.push("-filter_complex", `${graph};${rungs("[marked]")}`);
    } else if (heights.length) args.push("-filter_complex", rungs("[0:v:0]"));
    // A chunk's segments carry the film's own times, so the joined rung plays on without a break.
    const offset = chunk ? ["-output_ts_offset", chunk.startSec.toFixed(6)] : [];
    heights.forEach((h, i) => args.push("-map", outs[i], ...videoArgs(h, threads), "-an", ...offset, ...hlsArgs(dir, rungName(h, chunk?.index))));
    if (audio) args.push("-map", "0:a:0", "-vn", "-c:a", "aac", "-b:a", `${AUDIO_KBPS}k`, "-ac", "2", "-ar", "48000", ...hlsArgs(dir, "audio"));
    await ffmpeg(args, 6 * 60 * 60 * 1000, onProgress, signal);
  } finally {
    if (markDir) await rm(markDir, { recursive: true, force: true });
  }
}

/** The master playlist of the rungs made so far (lowest first), with the shared audio rendition when there is one. */
export function masterPlaylist(rungs: Rung[], audio: boolean): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  if (audio) lines.push(`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",NAME="${AUDIO_NAME}",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="${AUDIO_PLAYLIST}"`);
  for (const r of [...rungs].sort((a, b) => a.rung - b.rung)) {
    const bandwidth = (r.kbps + (audio ? AUDIO_KBPS : 0)) * 1000;
    const codecs = audio ? "avc1.640028,mp4a.40.2" : "avc1.640028";
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${codecs}"${audio ? `,AUDIO="${AUDIO_GROUP}"` : ""}`, rungPlaylist(r.rung));
  }
  return `${lines.join("\n")}\n`;
}

/** The rungs a master playlist names (masterPlaylist's inverse), in its order: each variant's playlist, size and bandwidth. */
export function masterRungs(master: string): { playlist: string; width: number; height: number; bandwidth: number }[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  return lines.flatMap((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return [];
    const size = /RESOLUTION=(\d+)x(\d+)/.exec(line);
    const bandwidth = /(?:^|[:,])BANDWIDTH=(\d+)/.exec(line);
    const playlist = lines.slice(i + 1).find((l) => l !== "" && !l.startsWith("#"));
    return size && bandwidth && playlist ? [{ playlist, width: Number(size[1]), height: Number(size[2]), bandwidth: Number(bandwidth[1]) }] : [];
  });
}

/** A rendition that does not match its source: retrying the same file is unlikely to help. */
export class RenditionCheckError extends Error {}

/** ffmpeg reads the master playlist as a player would (its rungs and audio): it must last as long as the source. */
export async function checkMaster(file: string, sourceSec: number): Promise<void> {
  const facts = await inspect(file);
  if (!facts?.video || facts.durationSec === null || Math.abs(facts.durationSec - sourceSec) > DURATION_TOLERANCE_SEC)
    throw new RenditionCheckError(`the master playlist reads as ${facts?.durationSec?.toFixed(2) ?? "nothing"} s, the source ${sourceSec.toFixed(2)} s`);
}

/** The segments a media playlist names, with their total length. */
export function playlistFacts(text: string): { segments: string[]; durationSec: number } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const durationSec = lines.filter((l) => l.startsWith("#EXTINF:")).reduce((sum, l) => sum + Number(l.slice(8).split(",")[0]), 0);
  return { segments: lines.filter((l) => l && !l.startsWith("#")), durationSec };
}

/** The segment of a media playlist that plays at `at` seconds (else its last), with the time it starts at. */
export function segmentAt(playlist: string, at: number): { uri: string; startSec: number } | null {
  let start = 0;
  let length = 0;
  let found: { uri: string; startSec: number } | null = null;
  for (const line of playlist.split(/\r?\n/).map((l) => l.trim())) {
    if (line.startsWith("#EXTINF:")) length = Number(line.slice(8).split(",")[0]) || 0;
    else if (line && !line.startsWith("#")) {
      found = { uri: line, startSec: start };
      if (at < start + length) return found;
      start += length;
    }
  }
  return found;
}

/**
 * The pre-flight check of one run's output before any of it is published: each rung's playlist
 * exists, lasts as long as the source (± DURATION_TOLERANCE_SEC), and one of its segments is H.264
 * whose short side is the rung's; the audio rendition decodes as AAC. Returns the rungs as they came out.
 */
export async function checkLadder(dir: string, heights: number[], { audio, sourceSec, chunk }: { audio: boolean; sourceSec: number; chunk?: number }): Promise<Rung[]> {
  const files = new Set(await readdir(dir));
  const rungs: Rung[] = [];
  const checkLength = (name: string, sec: number) => {
    if (Math.abs(sec - sourceSec) > DURATION_TOLERANCE_SEC) throw new RenditionCheckError(`${name} lasts ${sec.toFixed(2)} s, the source ${sourceSec.toFixed(2)} s`);
  };
  for (const h of heights) {
    const name = rungPlaylist(h, chunk);
    if (!files.has(name)) throw new RenditionCheckError(`${name} was not written`);
    const { segments, durationSec } = playlistFacts(await readFile(path.join(dir, name), "utf8"));
    checkLength(name, durationSec);
    const middle = segments[Math.floor(segments.length / 2)];
    const facts = middle && files.has(middle) ? await inspect(path.join(dir, middle)) : null;
    if (!facts?.video || facts.video.codec !== "h264" || Math.min(facts.video.width, facts.video.height) !== h)
      throw new RenditionCheckError(`${name}: segment ${middle ?? "(none)"} is not H.264 at ${h}p`);
    rungs.push({ rung: h, height: facts.video.height, width: facts.video.width, kbps: rungKbps(h) });
  }
  if (audio) {
    if (!files.has(AUDIO_PLAYLIST)) throw new RenditionCheckError(`${AUDIO_PLAYLIST} was not written`);
    const { segments } = playlistFacts(await readFile(path.join(dir, AUDIO_PLAYLIST), "utf8"));
    const facts = segments[0] && files.has(segments[0]) ? await inspect(path.join(dir, segments[0])) : null;
    if (facts?.audioCodec !== "aac") throw new RenditionCheckError(`${AUDIO_PLAYLIST}: its segments are not AAC`);
  }
  return rungs;
}

/** A piece of a long source, cut on its keyframes without encoding (the picture only). */
export type Chunk = { index: number; file: string; startSec: number; durationSec: number };

/**
 * Cuts the source's picture into pieces of about `chunkSec` on its own keyframes, by a stream copy
 * (Matroska holds any codec), each piece's times starting at 0; returns where each began.
 */
export async function splitIntoChunks(source: string, dir: string, chunkSec: number): Promise<Chunk[]> {
  const list = path.join(dir, "chunks.csv");
  await ffmpeg(
    [
      "-i",
      source,
      "-map",
      "0:v:0",
      "-c",
      "copy",
      "-f",
      "segment",
      "-segment_time",
      String(chunkSec),
      "-reset_timestamps",
      "1",
      "-segment_format",
      "matroska",
      "-segment_list",
      list,
      "-segment_list_type",
      "csv",
      path.join(dir, "chunk_%03d.mkv"),
    ],
    6 * 60 * 60 * 1000,
  );
  const rows = (await readFile(list, "utf8")).trim().split(/\r?\n/);
  return rows.map((row, index) => {
    const [name, start, end] = row.split(",");
    return { index, file: path.join(dir, name), startSec: Number(start), durationSec: Number(end) - Number(start) };
  });
}

/** The media playlists of a rung's chunks, in order, as one playlist (their segments' times run on). */
export function joinPlaylists(parts: string[]): string {
  const entries: string[] = [];
  let target = 0;
  for (const text of parts) {
    const lines = text.split(/\r?\n/).map((l) => l.trim());
    lines.forEach((l, i) => {
      if (!l.startsWith("#EXTINF:")) return;
      target = Math.max(target, Math.ceil(Number(l.slice(8).split(",")[0])));
      entries.push(l, lines[i + 1]);
    });
  }
  return ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${target}`, "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD", ...entries, "#EXT-X-ENDLIST", ""].join("\n");
}

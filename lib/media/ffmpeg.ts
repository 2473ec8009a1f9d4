// ffmpeg and ffprobe: the binaries shipped in npm packages, unless FFMPEG_PATH / FFPROBE_PATH
// point elsewhere.
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { env } from "@/lib/env";

const run = promisify(execFile);

function binary(configured: string | undefined, pkg: string): string {
  if (configured) return configured;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when no path is set: the package throws on a platform it ships no binary for
  return (require(pkg) as { path: string }).path;
}

const ffmpegPath = () => binary(env().FFMPEG_PATH, "@ffmpeg-installer/ffmpeg");
const ffprobePath = () => binary(env().FFPROBE_PATH, "@ffprobe-installer/ffprobe");

/** A text with the query of every web address cut off: a signed address (the worker's reads of the store) is a credential, never logged. */
const withoutQueries = (text: string) => text.replace(/(\bhttps?:\/\/[^\s?"']+)\?[^\s"']*/g, "$1?…");

/**
 * Runs ffmpeg. `onProgress`: called with the seconds of output written so far, about twice a second
 * (ffmpeg's `-progress` report on its standard output). `signal`: aborting it stops ffmpeg (the
 * call then throws; the caller knows why from the signal).
 */
export async function ffmpeg(args: string[], timeoutMs = 30 * 60 * 1000, onProgress?: (seconds: number) => void, signal?: AbortSignal): Promise<void> {
  const all = ["-hide_banner", "-loglevel", "error", "-y", ...args];
  try {
    await (onProgress ? runReporting(["-progress", "pipe:1", "-nostats", ...all], timeoutMs, onProgress, signal) : run(ffmpegPath(), all, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, signal }));
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`ffmpeg failed: ${withoutQueries((err.stderr || err.message).trim().split("\n").slice(-3).join(" "))}`);
  }
}

/** ffmpeg with its progress report read as it comes (an encode of hours reports megabytes: not buffered, unlike execFile's output); the end of its errors kept. */
function runReporting(args: string[], timeoutMs: number, onProgress: (seconds: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stderr = "";
    let rest = "";
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-8192);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m) onProgress(Number(m[1]) / 1e6);
      }
    });
    child.on("error", (e) => {
      clearTimeout(timer);
      // An abort kills ffmpeg, which still ends its files on the way out: the call settles when it
      // has exited ("close", below), so the caller may remove its folder (that raced: ENOTEMPTY).
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) return;
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`ffmpeg exited with ${code ?? signal}`), { stderr }));
    });
  });
}

/** What ffprobe reads of a file. Facts only: whether they make an acceptable video is decided by
 *  lib/services/films/video-processing.ts. */
export type MediaFacts = {
  formatName: string;
  /** The container's duration in seconds, else the video stream's; null when neither is known. */
  durationSec: number | null;
  bitrate: number | null;
  /** The first moving-picture stream (an embedded cover picture does not count), or null. */
  video: {
    codec: string;
    width: number;
    height: number;
    frames: number | null;
    /** Pixel format (yuv420p, yuv422p10le, …) and frames per second (null when not stated). */
    pixFmt: string | null;
    fps: number | null;
    /** The stream's own duration, when the container states one. */
    durationSec: number | null;
    /** How far players turn the stored picture to show it (a phone's portrait film is often stored
     *  landscape, turned 90°): 0, 90, 180 or 270. */
    rotation: number;
  } | null;
  audioCodec: string | null;
};

const seconds = (v: string | undefined): number | null => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) ? n : null;
};

/** "30000/1001" → 29.97; null for "0/0" or nonsense. */
const rate = (v: string | undefined): number | null => {
  const [n, d] = (v ?? "").split("/").map(Number);
  const r = d ? n / d : n;
  return Number.isFinite(r) && r > 0 && r < 1000 ? r : null;
};

/** A rotation in degrees (a display matrix's -90, a tag's "270") as a quarter turn: 0, 90, 180 or 270. */
const quarterTurn = (v: number | string | undefined): number => {
  const n = Math.round(Number(v ?? 0) / 90) * 90;
  return Number.isFinite(n) ? ((n % 360) + 360) % 360 : 0;
};

/** The picture's size as players show it: the stored size, turned by its rotation. */
export const shownSize = (v: { width: number; height: number; rotation: number }) => (v.rotation % 180 === 0 ? { width: v.width, height: v.height } : { width: v.height, height: v.width });

/** Reads a file's facts; null when ffprobe cannot read it at all (empty, not media, no index). */
export async function probe(file: string): Promise<MediaFacts | null> {
  let out: string;
  try {
    ({ stdout: out } = await run(ffprobePath(), ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }));
  } catch {
    return null;
  }
  const data = JSON.parse(out) as {
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      duration?: string;
      nb_frames?: string;
      pix_fmt?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      disposition?: { attached_pic?: number };
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number | string }[];
    }[];
    format?: { duration?: string; bit_rate?: string; format_name?: string };
  };
  const video = data.streams?.find((s) => s.codec_type === "video" && s.width && s.height && !s.disposition?.attached_pic);
  const audio = data.streams?.find((s) => s.codec_type === "audio");
  return {
    formatName: data.format?.format_name ?? "",
    durationSec: seconds(data.format?.duration) ?? seconds(video?.duration),
    bitrate: data.format?.bit_rate ? Number(data.format.bit_rate) : null,
    video: video
      ? {
          codec: video.codec_name ?? "",
          width: video.width!,
          height: video.height!,
          frames: video.nb_frames ? Number(video.nb_frames) : null,
          pixFmt: video.pix_fmt ?? null,
          fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
          durationSec: seconds(video.duration),
          rotation: quarterTurn(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate),
        }
      : null,
    audioCodec: audio?.codec_name ?? null,
  };
}

/** What ffmpeg itself reads of a file (`ffmpeg -i`): for HLS playlists and MPEG-TS segments, which
 *  the packaged ffprobe cannot open (it crashes on MPEG-TS). */
export type Inspection = { durationSec: number | null; startSec: number | null; video: { codec: string; width: number; height: number } | null; audioCodec: string | null };

export async function inspect(file: string): Promise<Inspection> {
  let text: string;
  try {
    // With no output ffmpeg lists the input and exits 1: the listing is what is wanted.
    ({ stderr: text } = await run(ffmpegPath(), ["-hide_banner", "-i", file], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }));
  } catch (e) {
    text = (e as { stderr?: string }).stderr ?? "";
  }
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(text);
  const start = /Duration: [^\n]*?start: (-?\d+(?:\.\d+)?)/.exec(text);
  const v = /Stream #\S+: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[ ,]/.exec(text);
  const a = /Stream #\S+: Audio: (\w+)/.exec(text);
  return {
    durationSec: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
    startSec: start ? Number(start[1]) : null,
    video: v ? { codec: v[1], width: Number(v[2]), height: Number(v[3]) } : null,
    audioCodec: a?.[1] ?? null,
  };
}

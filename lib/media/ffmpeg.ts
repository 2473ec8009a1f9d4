// ffmpeg and ffprobe: the binaries shipped in npm packages, unless FFMPEG_PATH / FFPROBE_PATH
// point elsewhere.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

function binary(envVar: string, pkg: string): string {
  if (process.env[envVar]) return process.env[envVar]!;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(pkg) as { path: string }).path;
}

export const ffmpegPath = () => binary("FFMPEG_PATH", "@ffmpeg-installer/ffmpeg");
export const ffprobePath = () => binary("FFPROBE_PATH", "@ffprobe-installer/ffprobe");

export async function ffmpeg(args: string[], timeoutMs = 30 * 60 * 1000): Promise<void> {
  try {
    await run(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-y", ...args], { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`ffmpeg failed: ${(err.stderr || err.message).trim().split("\n").slice(-3).join(" ")}`);
  }
}

export type MediaFacts = {
  durationSec: number;
  width: number;
  height: number;
  videoCodec: string | null;
  audioCodec: string | null;
  bitrate: number | null;
  formatName: string;
};

/** Reads a file's facts, or throws when it holds no video stream. */
export async function probe(file: string): Promise<MediaFacts> {
  let out: string;
  try {
    ({ stdout: out } = await run(ffprobePath(), ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }));
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`The file is not a readable video (${(err.stderr || err.message).trim().split("\n")[0]})`);
  }
  const data = JSON.parse(out) as {
    streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
    format?: { duration?: string; bit_rate?: string; format_name?: string };
  };
  const video = data.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  if (!video) throw new Error("The file has no video stream");
  const audio = data.streams?.find((s) => s.codec_type === "audio");
  const duration = Number(data.format?.duration ?? video.duration ?? 0);
  return {
    durationSec: Number.isFinite(duration) ? duration : 0,
    width: video.width!,
    height: video.height!,
    videoCodec: video.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    bitrate: data.format?.bit_rate ? Number(data.format.bit_rate) : null,
    formatName: data.format?.format_name ?? "",
  };
}

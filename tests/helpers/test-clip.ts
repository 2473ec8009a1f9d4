// The synthetic films the tests make with ffmpeg: colour bars of a given length and size, H.264,
// with a tone when asked and fast-start when asked. One recipe, so that every test's clip is made
// the same way (and a change of codec or preset is made once).

export type ClipOptions = {
  /** Length in seconds. */
  seconds: number;
  /** Width x height, e.g. "640x360". */
  size: string;
  /** A sine tone of this frequency as an AAC audio track (none by default). */
  toneHz?: number;
  /** The index at the front (MP4 fast start). */
  faststart?: boolean;
  /** The picture: an ffmpeg source filter and its options ("color=c=0x202020": a flat colour); colour bars by default. */
  picture?: string;
};

/** ffmpeg's arguments (after the binary and any logging flags) to write such a clip to `out`. */
export function clipArgs(out: string, { seconds, size, toneHz, faststart = false, picture = "testsrc" }: ClipOptions): string[] {
  const tone = toneHz ? ["-f", "lavfi", "-i", `sine=frequency=${toneHz}:duration=${seconds}`] : [];
  const audio = toneHz ? ["-c:a", "aac", "-shortest"] : [];
  const front = faststart ? ["-movflags", "+faststart"] : [];
  const source = `${picture}${picture.includes("=") ? ":" : "="}duration=${seconds}:size=${size}:rate=25`;
  return ["-f", "lavfi", "-i", source, ...tone, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", ...audio, ...front, out];
}

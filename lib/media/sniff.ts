// What a file is, from its first bytes (never from its name or declared type).

/** The audio container of a file's head, or null: MP3, AAC (ADTS or MP4/M4A), WAV, OGG. */
export function sniffAudio(head: Buffer): "mp3" | "aac" | "m4a" | "wav" | "ogg" | null {
  if (head.length < 12) return null;
  if (head.toString("latin1", 0, 3) === "ID3") return "mp3";
  if (head.toString("latin1", 0, 4) === "OggS") return "ogg";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE") return "wav";
  if (head.toString("latin1", 4, 8) === "ftyp") return "m4a";
  if (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) return "aac"; // ADTS
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0) return "mp3"; // MPEG audio frame sync
  return null;
}

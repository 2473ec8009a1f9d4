// What a music track is called on the gallery: the title (and artist) in its
// ID3 tag when it has one, else its file name without the extension — never "music.mp3" for a
// track whose tag names it. Pure: the caller reads the file's first bytes.

/** Bytes of a track's head read for its tag (an ID3v2 tag with a cover picture can be larger: then the file name serves). */
export const TRACK_HEAD_BYTES = 128 * 1024;

function syncsafe(b: Buffer, at: number): number {
  return ((b[at] & 0x7f) << 21) | ((b[at + 1] & 0x7f) << 14) | ((b[at + 2] & 0x7f) << 7) | (b[at + 3] & 0x7f);
}

function decodeText(frame: Buffer): string {
  const encoding = frame[0];
  const body = frame.subarray(1);
  let text: string;
  if (encoding === 1 || encoding === 2) {
    // UTF-16 with a byte-order mark (1), or big-endian without one (2).
    let bytes = body;
    let bigEndian = encoding === 2;
    if (encoding === 1 && bytes.length >= 2) {
      bigEndian = bytes[0] === 0xfe && bytes[1] === 0xff;
      bytes = bytes.subarray(2);
    }
    const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    if (bigEndian) even.swap16();
    text = even.toString("utf16le");
  } else {
    text = body.toString(encoding === 3 ? "utf8" : "latin1");
  }
  return text.replace(/\0.*$/s, "").trim();
}

/** The title and artist of an ID3v2.3/2.4 tag at the start of `head`, if it has them. */
export function id3Tags(head: Buffer): { title?: string; artist?: string } {
  if (head.length < 10 || head.toString("latin1", 0, 3) !== "ID3") return {};
  const version = head[3];
  if (version !== 3 && version !== 4) return {};
  const end = Math.min(head.length, 10 + syncsafe(head, 6));
  const tags: { title?: string; artist?: string } = {};
  let at = 10;
  while (at + 10 <= end) {
    const id = head.toString("latin1", at, at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id)) break;
    const size = version === 4 ? syncsafe(head, at + 4) : head.readUInt32BE(at + 4);
    if (size <= 0 || at + 10 + size > end) break;
    const frame = head.subarray(at + 10, at + 10 + size);
    if (id === "TIT2") tags.title = decodeText(frame) || undefined;
    if (id === "TPE1") tags.artist = decodeText(frame) || undefined;
    at += 10 + size;
  }
  return tags;
}

/** A track's name: "Artist — Title" or the title from its tag, else its file name without the extension. */
export function trackName(fileName: string, head: Buffer): string {
  const { title, artist } = id3Tags(head);
  const name = title ? (artist ? `${artist} — ${title}` : title) : fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim() || fileName;
  return name.slice(0, 200);
}

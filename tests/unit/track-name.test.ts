// A music track's name on the gallery (issue 19, item 10): its ID3 title (and artist), else its file
// name without the extension.
import { id3Tags, trackName } from "@/lib/media/track-name";

function frame(id: string, text: Buffer, version: 3 | 4): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, "latin1");
  const size = text.length;
  if (version === 4) [21, 14, 7, 0].forEach((shift, i) => (header[4 + i] = (size >> shift) & 0x7f));
  else header.writeUInt32BE(size, 4);
  return Buffer.concat([header, text]);
}

function tag(frames: Buffer[], version: 3 | 4 = 3): Buffer {
  const body = Buffer.concat(frames);
  const header = Buffer.from([0x49, 0x44, 0x33, version, 0, 0, 0, 0, 0, 0]);
  [21, 14, 7, 0].forEach((shift, i) => (header[6 + i] = (body.length >> shift) & 0x7f));
  return Buffer.concat([header, body, Buffer.from([0xff, 0xfb, 0x90, 0x00])]);
}

const latin1 = (s: string) => Buffer.concat([Buffer.from([0]), Buffer.from(s, "latin1")]);
const utf8 = (s: string) => Buffer.concat([Buffer.from([3]), Buffer.from(s, "utf8"), Buffer.from([0])]);
const utf16 = (s: string) => Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(s, "utf16le")]);

it("takes the title and artist from an ID3v2.3 or 2.4 tag, in any of its encodings", () => {
  expect(trackName("music.mp3", tag([frame("TIT2", latin1("First Dance"), 3), frame("TPE1", latin1("Lumen Strings"), 3)]))).toBe("Lumen Strings — First Dance");
  expect(trackName("music.mp3", tag([frame("TIT2", utf8("Valse à deux"), 4)], 4))).toBe("Valse à deux");
  expect(id3Tags(tag([frame("TPE1", utf16("Søren"), 3), frame("TIT2", utf16("Morgenlys"), 3)]))).toEqual({ artist: "Søren", title: "Morgenlys" });
});

it("falls back to the file name without its extension", () => {
  expect(trackName("Our First Dance.mp3", Buffer.from("RIFF....WAVEfmt "))).toBe("Our First Dance");
  expect(trackName("track.m4a", tag([frame("TPE1", latin1("Only an artist"), 3)]))).toBe("track");
  expect(trackName("noextension", Buffer.alloc(0))).toBe("noextension");
});

it("a broken tag names nothing and never throws", () => {
  const broken = tag([frame("TIT2", latin1("Cut short"), 3)]).subarray(0, 16);
  expect(() => trackName("a.mp3", broken)).not.toThrow();
  expect(trackName("a.mp3", broken)).toBe("a");
  expect(trackName("b.mp3", Buffer.from("ID3\x02\0\0\0\0\0\x10garbage"))).toBe("b");
});

// A film's shape as shown (issue 57 item 2): a phone's portrait film is often stored landscape with a
// rotation; processing records it as players show it (portrait), which sizes its card and player.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probe, shownSize } from "@/lib/media/ffmpeg";
import { clipArgs } from "../helpers/test-clip";

const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
const dir = mkdtempSync(path.join(tmpdir(), "vidfolio-shape-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const make = (name: string, size: string) => {
  const out = path.join(dir, name);
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(out, { seconds: 1, size })]);
  return out;
};

it("a portrait film is portrait; one stored landscape and turned 90° is portrait too; a landscape one stays landscape", async () => {
  const portrait = await probe(make("portrait.mp4", "108x192"));
  expect(portrait?.video).toMatchObject({ width: 108, height: 192, rotation: 0 });
  expect(shownSize(portrait!.video!)).toEqual({ width: 108, height: 192 });

  // As a phone writes it: the picture stored 192×108, with a display rotation.
  const stored = make("stored.mp4", "192x108");
  const turned = path.join(dir, "turned.mp4");
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", "-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", turned]);
  const facts = await probe(turned);
  expect(facts?.video).toMatchObject({ width: 192, height: 108 });
  expect([90, 270]).toContain(facts!.video!.rotation);
  expect(shownSize(facts!.video!)).toEqual({ width: 108, height: 192 });

  const landscape = await probe(stored);
  expect(shownSize(landscape!.video!)).toEqual({ width: 192, height: 108 });
});

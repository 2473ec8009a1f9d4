// An encode its caller stops (a film's own run handing its ladder to the queue, issue 39) settles
// only once ffmpeg has exited: ffmpeg ends its files on SIGTERM, and a caller that removed the run's
// folder at the abort raced it ("ENOTEMPTY: directory not empty", seen on CI in batch-playable).
// A stand-in ffmpeg (FFMPEG_PATH) reports progress, and on SIGTERM takes 300 ms to write its last file.
import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpeg } from "@/lib/media/ffmpeg";

const slowToStop = (dir: string) => `#!/bin/sh
trap 'sleep 0.3; echo done > "${dir}/last.ts"; exit 255' TERM
echo "out_time_us=1000000"
while true; do sleep 0.05; done
`;

it("an aborted encode settles after ffmpeg has exited, with its last file written", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-abort-"));
  const saved = process.env.FFMPEG_PATH;
  try {
    const bin = path.join(dir, "ffmpeg");
    await writeFile(bin, slowToStop(dir));
    await chmod(bin, 0o755);
    process.env.FFMPEG_PATH = bin;
    const stop = new AbortController();
    await expect(ffmpeg(["-i", "x", "out.m3u8"], 60_000, () => stop.abort(), stop.signal)).rejects.toThrow();
    expect(stop.signal.aborted).toBe(true);
    // Settled only once it exited: what it wrote on the way out is there, and nothing comes after.
    expect(await readdir(dir)).toContain("last.ts");
  } finally {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
    await rm(dir, { recursive: true, force: true });
  }
});

// One film's watermarked preview ladder (issue 41), made by the real service (ffmpeg, the store, the
// database) as the worker's preview job makes it: the browser tests' chromium project runs no worker.
// Run with tsx (tsconfig.worker.json) and the e2e environment: `make-preview.ts <videoId>`.
import { makePreview } from "@/lib/services/films/video-preview";

makePreview(process.argv[2], { playableFirstMaxMs: 0 }).then(
  (outcome) => {
    process.stdout.write(`${outcome}\n`);
    process.exit(outcome === "ready" ? 0 : 1);
  },
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);

/** @jest-environment jsdom */
// A late cancel that found its upload filed (spec §4 queue, issue 39 item 8) offers Keep or Delete;
// when the upload was a new file for an existing film (Replace, a new version), that film is what
// Delete would remove, with every version: only Keep is offered.
import { render, screen } from "@testing-library/react";
import { UploadTray } from "@/components/studio/uploads/upload-tray";
import { TEXTS } from "@/lib/texts";
import type { UploadItem } from "@/lib/browser/uploads/queue";

const filed = (id: string, fileName: string, target: UploadItem["target"]): UploadItem => ({ id, fileName, size: 1024, target, status: "filed", percentage: 100, videoId: `v-${id}` });
const noop = () => {};

it("offers Keep and Delete for a new film filed by a late cancel, Keep only for a new file of an existing film", () => {
  render(
    <UploadTray
      items={[
        filed("a", "new.mp4", { galleryId: "g" }),
        filed("b", "cut2.mp4", { galleryId: "g", replaceVideoId: "film", keepPrevious: true }),
        filed("c", "fixed.mp4", { galleryId: "g", replaceVideoId: "film2" }),
      ]}
      online
      onCancel={noop}
      onDismiss={noop}
      onClearFinished={noop}
      onResume={noop}
      onRetry={noop}
      onKeep={noop}
      onDelete={noop}
    />,
  );
  for (const name of ["new.mp4", "cut2.mp4", "fixed.mp4"]) expect(screen.getByRole("button", { name: TEXTS.uploadFiledKeep(name) })).toBeTruthy();
  expect(screen.getByRole("button", { name: TEXTS.uploadFiledDelete("new.mp4") })).toBeTruthy();
  expect(screen.queryByRole("button", { name: TEXTS.uploadFiledDelete("cut2.mp4") })).toBeNull();
  expect(screen.queryByRole("button", { name: TEXTS.uploadFiledDelete("fixed.mp4") })).toBeNull();
});

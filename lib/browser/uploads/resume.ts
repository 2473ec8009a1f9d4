// Remembers, in the browser, the multipart uploads the server has opened and not yet finished, so
// that after a reload the same file picked again continues from the parts already stored.
// One list per studio; entries go when the upload completes, is cancelled or fails, and are
// forgotten after 23 hours (the server expires an abandoned upload after a day).
import type { ServerUpload, UploadTarget } from "@/lib/browser/uploads/queue";

export type ResumeRecord = ServerUpload & {
  fileName: string;
  size: number;
  lastModified: number;
  target: UploadTarget;
  savedAt: number;
};

type FileLike = { name: string; size: number; lastModified: number };

export const RESUME_MAX_AGE_MS = 23 * 60 * 60 * 1000;

const sameTarget = (a: UploadTarget, b: UploadTarget) =>
  a.galleryId === b.galleryId && (a.replaceVideoId ?? null) === (b.replaceVideoId ?? null) && Boolean(a.keepPrevious) === Boolean(b.keepPrevious);

/** Whether `file` is the file `record` was made for (name, size and modification time). */
export const isSameFile = (record: ResumeRecord, file: FileLike) => record.fileName === file.name && record.size === file.size && record.lastModified === file.lastModified;

export function resumeStore(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">, studioId: string, now: () => number = Date.now) {
  const slot = `vidfolio.uploads.${studioId}`;

  function read(): ResumeRecord[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(slot) ?? "[]");
      return Array.isArray(parsed) ? (parsed as ResumeRecord[]).filter((r) => r && typeof r.key === "string" && typeof r.uploadId === "string") : [];
    } catch {
      return [];
    }
  }

  function write(records: ResumeRecord[]) {
    try {
      if (records.length) storage.setItem(slot, JSON.stringify(records));
      else storage.removeItem(slot);
    } catch {
      // Storage full or disabled: the upload still runs, it just cannot resume after a reload.
    }
  }

  return {
    /** The unfinished uploads still worth resuming (older ones are dropped). */
    list(): ResumeRecord[] {
      const all = read();
      const fresh = all.filter((r) => now() - r.savedAt < RESUME_MAX_AGE_MS);
      if (fresh.length !== all.length) write(fresh);
      return fresh;
    },
    save(upload: ServerUpload, file: FileLike, target: UploadTarget) {
      const record: ResumeRecord = { ...upload, fileName: file.name, size: file.size, lastModified: file.lastModified, target, savedAt: now() };
      write([...read().filter((r) => r.key !== upload.key), record]);
    },
    remove(key: string) {
      const all = read();
      if (all.some((r) => r.key === key)) write(all.filter((r) => r.key !== key));
    },
    /** The unfinished upload of this file to this target, if there is one. */
    find(file: FileLike, target: UploadTarget): ResumeRecord | undefined {
      return this.list().find((r) => isSameFile(r, file) && sameTarget(r.target, target));
    },
  };
}

export type ResumeStore = ReturnType<typeof resumeStore>;

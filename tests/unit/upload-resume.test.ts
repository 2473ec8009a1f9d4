import { RESUME_MAX_AGE_MS, resumeStore } from "@/lib/browser/uploads/resume";
import { tagPartError, uploadErrorMessage } from "@/lib/browser/uploads/errors";
import { ApiError } from "@/lib/browser/api-client";
import { TEXTS } from "@/lib/texts";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const file = { name: "clip-1.mp4", size: 1234, lastModified: 1700000000000 };
const target = { galleryId: "g1" };

describe("resume store", () => {
  it("finds the open upload of the same file for the same target only", () => {
    const storage = memoryStorage();
    const store = resumeStore(storage, "studio-1");
    store.save({ key: "a/b/c/clip.mp4", uploadId: "u1" }, file, target);
    expect(store.find(file, target)).toMatchObject({ key: "a/b/c/clip.mp4", uploadId: "u1", fileName: "clip-1.mp4" });
    expect(store.find({ ...file, lastModified: 1 }, target)).toBeUndefined();
    expect(store.find({ ...file, size: 1 }, target)).toBeUndefined();
    expect(store.find(file, { galleryId: "g2" })).toBeUndefined();
    expect(store.find(file, { galleryId: "g1", replaceVideoId: "v" })).toBeUndefined();
    // Each studio has its own list.
    expect(resumeStore(storage, "studio-2").list()).toEqual([]);
  });

  it("forgets an upload when asked, and stale ones on their own", () => {
    const storage = memoryStorage();
    let now = 1_000;
    const store = resumeStore(storage, "s", () => now);
    store.save({ key: "k1", uploadId: "u1" }, file, target);
    store.save({ key: "k2", uploadId: "u2" }, { ...file, name: "b.mp4" }, target);
    store.remove("k1");
    expect(store.list().map((r) => r.key)).toEqual(["k2"]);
    now += RESUME_MAX_AGE_MS;
    expect(store.list()).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it("survives unreadable storage", () => {
    const storage = memoryStorage();
    storage.setItem("vidfolio.uploads.s", "{not json");
    expect(resumeStore(storage, "s").list()).toEqual([]);
  });
});

describe("upload error messages (spec §8)", () => {
  it("names the part: refused by storage, or not reached at all", () => {
    expect(uploadErrorMessage(tagPartError(Object.assign(new Error("Non 2xx"), { source: { status: 500 } }), 3))).toBe(TEXTS.partFailed(3));
    expect(uploadErrorMessage(tagPartError(Object.assign(new Error("Unknown error"), { source: { status: 0 } }), 2))).toBe(TEXTS.partNetworkError(2));
    expect(TEXTS.partFailed(3)).toBe("Part 3 failed");
    expect(TEXTS.partNetworkError(2)).toBe("Network error on part 2");
  });

  it("shows the server's message, or the network text when our server was not reached", () => {
    expect(uploadErrorMessage(new ApiError(409, TEXTS.notEnoughCreditsUpload))).toBe("Not enough credits to upload!");
    expect(uploadErrorMessage(new TypeError("Failed to fetch"))).toBe("Network error during upload");
    expect(uploadErrorMessage(new Error("??"))).toBe("Upload failed");
  });
});

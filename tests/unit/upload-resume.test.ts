import { firstPartSha256, isSameFile } from "@/lib/browser/uploads/resume";
import { tagPartError, uploadErrorMessage } from "@/lib/browser/uploads/errors";
import { ApiError } from "@/lib/browser/api-client";
import { TEXTS } from "@/lib/texts";

const file = { name: "clip-1.mp4", size: 1234, lastModified: 1700000000000 };

describe("the file picked to resume an unfinished upload", () => {
  it("must have the name, size and modification time the upload was started with", () => {
    const started = { name: "clip-1.mp4", size: 1234, lastModified: 1700000000000 };
    expect(isSameFile(started, file)).toBe(true);
    expect(isSameFile(started, { ...file, lastModified: 1 })).toBe(false);
    expect(isSameFile(started, { ...file, size: 1 })).toBe(false);
    expect(isSameFile(started, { ...file, name: "clip-2.mp4" })).toBe(false);
    // An upload started before the time was recorded: name and size.
    expect(isSameFile({ ...started, lastModified: null }, { ...file, lastModified: 1 })).toBe(true);
  });

  it("is fingerprinted by its first part (50 MB) only, as the server compares it", async () => {
    const part = new Uint8Array(50 * 1024 * 1024).fill(1);
    const [a, b] = await Promise.all([new Blob([part, "x"]), new Blob([part, "y"])].map((x) => firstPartSha256(x)));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    // A file smaller than a part: the whole file.
    expect(await firstPartSha256(new Blob(["abc"]))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await firstPartSha256(new Blob(["abd"]))).not.toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }, 20_000);
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

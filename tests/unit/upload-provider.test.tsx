/** @jest-environment jsdom */
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { UploadProvider, useUploads } from "@/components/studio/uploads/upload-provider";
import { TEXTS } from "@/lib/texts";
import type { VideoUploadOptions } from "@/lib/browser/uploads/video-upload";

type Run = { opts: VideoUploadOptions; resolve: (v: unknown) => void; reject: (e: Error) => void; cancel: jest.Mock };
const mockRuns: Run[] = [];
jest.mock("@/lib/browser/uploads/video-upload", () => ({
  startVideoUpload: (opts: VideoUploadOptions) => {
    let resolve!: (v: unknown) => void;
    let reject!: (e: Error) => void;
    const done = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // As the real one: the run ends, and the cancel answers null (nothing was filed).
    const cancel = jest.fn(async () => {
      resolve(null);
      return null;
    });
    mockRuns.push({ opts, resolve, reject, cancel });
    return { done, cancel };
  },
}));
const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: mockRefresh }) }));

const MB = 1024 * 1024;
let creditsMb = 1000;
let picked: File[] = [];

function Picker() {
  const { enqueue } = useUploads();
  return (
    <button type="button" onClick={() => void enqueue(picked, { galleryId: "g1" })}>
      pick
    </button>
  );
}

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadProvider studioId="s1">
        <Picker />
      </UploadProvider>
    </QueryClientProvider>,
  );
}

const video = (name: string, bytes = MB) => Object.defineProperty(new File(["x"], name, { type: "video/mp4" }), "size", { value: bytes });
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
  });
async function pick(files: File[]) {
  picked = files;
  await act(async () => screen.getByRole("button", { name: "pick" }).click());
  await flush();
}
const states = () => screen.queryAllByTestId("upload-bar").map((b) => `${b.querySelector("p[title]")?.textContent}:${b.getAttribute("data-state")}`);

/** What the server answers: the studio's unfinished uploads, a gallery's films, else the account (its credits). */
let unfinished: unknown[] = [];
let library: unknown[] = [];
beforeEach(() => {
  mockRuns.length = 0;
  mockRefresh.mockClear();
  creditsMb = 1000;
  unfinished = [];
  library = [];
  global.fetch = jest.fn(async (url: string) => {
    const body = url.startsWith("/api/uploads/unfinished") ? { uploads: unfinished } : url.startsWith("/api/galleries/get-gallery-videos/") ? { videos: library } : { admin: { credits: creditsMb } };
    return { ok: true, status: 200, json: async () => body };
  }) as jest.Mock;
});

describe("the studio's upload queue", () => {
  it("runs at most three uploads at once and starts the next when one completes", async () => {
    setup();
    await pick(["a", "b", "c", "d", "e"].map((n) => video(`${n}.mp4`)));
    expect(mockRuns.map((r) => r.opts.file.name)).toEqual(["a.mp4", "b.mp4", "c.mp4"]);
    expect(states()).toEqual(["a.mp4:uploading", "b.mp4:uploading", "c.mp4:uploading", "d.mp4:queued", "e.mp4:queued"]);

    await act(async () => mockRuns[1].opts.onProgress(40));
    expect(screen.getAllByRole("progressbar")[1]).toHaveAttribute("aria-valuenow", "40");
    await act(async () => mockRuns[1].resolve({ _id: "v1" }));
    await flush();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
    expect(mockRuns.map((r) => r.opts.file.name)).toEqual(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]);
    expect(states()).toEqual(["a.mp4:uploading", "b.mp4:processing", "c.mp4:uploading", "d.mp4:uploading", "e.mp4:queued"]);

    await act(async () => mockRuns[0].reject(new Error(TEXTS.partFailed(2))));
    await flush();
    expect(states()[0]).toBe("a.mp4:failed");
    expect(screen.getByRole("alert")).toHaveTextContent("Part 2 failed");
    expect(mockRuns).toHaveLength(5);
  });

  it("a cancelled bar is gone for good, and its upload is stopped", async () => {
    setup();
    await pick([video("a.mp4"), video("b.mp4"), video("c.mp4"), video("d.mp4")]);
    await act(async () => screen.getByRole("button", { name: "Cancel upload of b.mp4" }).click());
    await flush();
    expect(mockRuns[1].cancel).toHaveBeenCalled();
    expect(states()).toEqual(["a.mp4:uploading", "c.mp4:uploading", "d.mp4:uploading"]);
    // Late news from the cancelled upload changes nothing.
    await act(async () => mockRuns[1].opts.onProgress(80));
    expect(states()).not.toContain("b.mp4:uploading");
    // A queued bar can be cancelled before it starts: it never starts.
    await pick([video("e.mp4")]);
    await act(async () => screen.getByRole("button", { name: "Cancel upload of e.mp4" }).click());
    await act(async () => mockRuns[0].resolve({ _id: "v" }));
    await flush();
    expect(mockRuns.map((r) => r.opts.file.name)).toEqual(["a.mp4", "b.mp4", "c.mp4", "d.mp4"]);
  });

  it("asks before the page is left while uploads run, not after", async () => {
    setup();
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await pick([video("a.mp4")]);
    expect(leave()).toBe(true);
    await act(async () => mockRuns[0].resolve({ _id: "v" }));
    await flush();
    expect(leave()).toBe(false);
  });

  it("blocks files beyond the available credits (less what queued uploads need) with the spec's alert", async () => {
    creditsMb = 5;
    setup();
    await pick([video("a.mp4", 3 * MB)]);
    expect(mockRuns).toHaveLength(1);
    await pick([video("b.mp4", 2.5 * MB)]);
    const alert = screen.getByRole("dialog", { name: TEXTS.notEnoughCreditsUpload });
    expect(within(alert).getByTestId("upload-total-size")).toHaveTextContent("2.50 MB");
    expect(within(alert).getByTestId("upload-available-credits")).toHaveTextContent("2.00 MB");
    expect(within(alert).getByRole("link", { name: TEXTS.purchaseCredits })).toBeInTheDocument();
    expect(mockRuns).toHaveLength(1);
    expect(states()).toEqual(["a.mp4:uploading"]);
  });

  it("takes only video files", async () => {
    setup();
    await pick([new File(["x"], "notes.txt", { type: "text/plain" }), video("a.mp4")]);
    expect(states()).toEqual(["a.mp4:uploading"]);
  });

  it("lists the server's unfinished uploads after a reload; the same file picked again resumes it, another is refused", async () => {
    const file = video("long.mp4", 60 * MB);
    unfinished = [
      {
        fileName: "s1/f/g1/x_long.mp4",
        uploadId: "u1",
        name: "long.mp4",
        size: 60 * MB,
        lastModified: file.lastModified,
        gallery: { id: "g1", name: "Emma & James" },
        replaceVideoId: null,
        keepPrevious: false,
        partSize: 50 * MB,
        parts: { count: 1, bytes: 50 * MB },
        startedAt: "2026-12-07T09:00:00.000Z",
        expiresAt: "2026-12-08T09:00:00.000Z",
        expired: false,
      },
    ];
    setup();
    await flush();
    expect(states()).toEqual(["long.mp4:interrupted"]);
    expect(screen.getByTestId("upload-bar")).toHaveTextContent("Emma & James");
    expect(screen.getByTestId("upload-bar")).toHaveTextContent("50.00 MB of 60.00 MB stored");
    expect(screen.getByRole("button", { name: "Discard upload of long.mp4" })).toBeInTheDocument();
    // Another file of the same name (another size): refused, the upload stays unfinished.
    await pick([video("long.mp4", 61 * MB)]);
    expect(mockRuns).toHaveLength(1); // picked from the gallery, it is a new upload of its own
    expect(states()).toEqual(["long.mp4:interrupted", "long.mp4:uploading"]);
    await pick([file]);
    expect(mockRuns).toHaveLength(2);
    expect(mockRuns[1].opts.resume).toEqual({ key: "s1/f/g1/x_long.mp4", uploadId: "u1" });
    expect(states()).toEqual(["long.mp4:uploading", "long.mp4:uploading"]);
    // The server found other bytes in its first part: back to unfinished, saying why.
    const why = TEXTS.resumeWrongFile("long.mp4");
    await act(async () => mockRuns[1].reject(Object.assign(new Error(why), { refused: "mismatch" })));
    await flush();
    expect(states()).toEqual(["long.mp4:interrupted", "long.mp4:uploading"]);
    expect(screen.getByTestId("upload-refused")).toHaveTextContent(why);
  });

  it("Discard aborts the unfinished upload on the server (its credits released) and removes the bar", async () => {
    unfinished = [
      {
        fileName: "s1/f/g1/x_a.mp4",
        uploadId: "u2",
        name: "a.mp4",
        size: MB,
        lastModified: 1,
        gallery: { id: "g1", name: "G" },
        replaceVideoId: null,
        keepPrevious: false,
        partSize: 50 * MB,
        parts: { count: 0, bytes: 0 },
        startedAt: "2026-12-06T09:00:00.000Z",
        expiresAt: "2026-12-07T09:00:00.000Z",
        expired: true,
      },
    ];
    setup();
    await flush();
    expect(screen.getByTestId("upload-bar")).toHaveTextContent(TEXTS.uploadExpiredHint);
    expect(screen.getByRole("button", { name: "Upload a.mp4 again" })).toBeInTheDocument();
    await act(async () => screen.getByRole("button", { name: "Discard upload of a.mp4" }).click());
    await flush();
    expect(states()).toEqual([]);
    const calls = (global.fetch as jest.Mock).mock.calls.map(([url, init]) => `${url} ${init?.body ?? ""}`);
    expect(calls.filter((c) => c.includes("abort-multipart-upload"))).toEqual([`/api/products/abort-multipart-upload ${JSON.stringify({ fileName: "s1/f/g1/x_a.mp4", uploadId: "u2" })}`]);
  });
});

describe("one state per file: the panel and the card agree (issue 55 item 5)", () => {
  it("a file the server fails (a .txt renamed .mp4) shows Failed with the reason in the panel, as on its card", async () => {
    setup();
    await pick([video("notes.mp4")]);
    const reason = "This file is not a video the player can read.";
    library = [{ _id: "v1", title: "notes", status: "FAILED", failureReason: reason, galleryId: "g1" }];
    await act(async () => mockRuns[0].resolve({ _id: "v1", status: "PROCESSING", failureReason: null }));
    await flush();
    await flush();
    expect(states()).toEqual(["notes.mp4:failed"]);
    const bar = screen.getByTestId("upload-bar");
    expect(within(bar).getByTestId("upload-state")).toHaveTextContent(`${TEXTS.uploadStates.failed}: ${reason}`);
    expect(bar).not.toHaveTextContent("Completed");
    // …and once the server has made a film playable, the bar says Ready, as its card does.
    cleanup();
    setup();
    await pick([video("film.mp4")]);
    library = [{ _id: "v2", title: "film", status: "READY", failureReason: null, galleryId: "g1" }];
    await act(async () => mockRuns[1].resolve({ _id: "v2", status: "PROCESSING", failureReason: null }));
    await flush();
    await flush();
    expect(states()).toEqual(["film.mp4:ready"]);
  });
});

describe("a failure that may pass (issue 19, item 4)", () => {
  const failWith = (run: Run, upload?: { key: string; uploadId: string }) => act(async () => run.reject(Object.assign(new Error("Network error on part 2"), { retry: { upload } })));
  const calls = () => (global.fetch as jest.Mock).mock.calls.map(([url, init]) => `${url} ${init?.body ?? ""}`);

  it("shows Failed with Retry; Retry starts it again continuing the server's upload", async () => {
    setup();
    await pick([video("a.mp4")]);
    const upload = { key: "s1/a.mp4", uploadId: "up-1" };
    await act(async () => mockRuns[0].opts.onOpened(upload));
    await failWith(mockRuns[0], upload);
    await flush();
    expect(states()).toEqual(["a.mp4:failed"]);
    await act(async () => screen.getByRole("button", { name: "Retry upload of a.mp4" }).click());
    await flush();
    expect(mockRuns).toHaveLength(2);
    expect(mockRuns[1].opts.resume).toEqual(upload);
    expect(states()).toEqual(["a.mp4:uploading"]);
    // Nothing was aborted on the server.
    expect(calls().filter((c) => c.includes("abort-multipart-upload"))).toEqual([]);
  });

  it("dismissing it releases the server's upload (and its reserved credits)", async () => {
    setup();
    await pick([video("a.mp4")]);
    const upload = { key: "s1/a.mp4", uploadId: "up-2" };
    await act(async () => mockRuns[0].opts.onOpened(upload));
    await failWith(mockRuns[0], upload);
    await flush();
    await act(async () => screen.getByRole("button", { name: "Dismiss a.mp4" }).click());
    await flush();
    expect(states()).toEqual([]);
    expect(calls().filter((c) => c.includes("abort-multipart-upload"))).toEqual([`/api/products/abort-multipart-upload ${JSON.stringify({ fileName: upload.key, uploadId: upload.uploadId })}`]);
  });

  it("while the browser is offline it starts nothing and says so; back online, the queue goes on", async () => {
    setup();
    Object.defineProperty(navigator, "onLine", { value: false, configurable: true });
    await act(async () => window.dispatchEvent(new Event("offline")));
    await pick([video("a.mp4")]);
    expect(mockRuns).toHaveLength(0);
    expect(screen.getByTestId("uploads-offline")).toHaveTextContent(TEXTS.uploadsOffline);
    Object.defineProperty(navigator, "onLine", { value: true, configurable: true });
    await act(async () => window.dispatchEvent(new Event("online")));
    await flush();
    expect(mockRuns).toHaveLength(1);
    expect(screen.queryByTestId("uploads-offline")).toBeNull();
  });
});

// Automatic transcripts (issue 61 items 1, 2 and the consent of 6): the job sends a film's sound,
// piece by piece, through the real `openai` SDK to a stand-in of the provider, joins the pieces
// into an automatic caption track beside the studio's uploaded ones; a studio that has not turned
// transcripts on sends nothing; a provider that fails, hangs or answers garbage changes no track and
// says why; the cue editor's door checks cues as an uploaded file is checked.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { ffmpeg } from "@/lib/media/ffmpeg";
import { uploadFile } from "@/lib/storage/objects";
import { failTranscript, processVideo as processFilm, queueTranscript, runTranscript } from "@/lib/services/films";
import { GET as list, POST as upload } from "@/app/api/videos/captions/[videoId]/route";
import { GET as studioFile, PATCH as update } from "@/app/api/videos/captions/[videoId]/[captionId]/route";
import { PUT as putCues } from "@/app/api/videos/captions/[videoId]/[captionId]/cues/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/users/transcripts/route";
import { GET as getTranscript, POST as postTranscript } from "@/app/api/videos/transcript/[videoId]/route";
import { objectExists } from "../helpers/storage";
import { createStudio } from "../helpers/factories";
import { bearerFor, BASE, call, request } from "../helpers/requests";
import { clipArgs } from "../helpers/test-clip";
import { startTranscribeStandIn, type TranscribeReply } from "../helpers/transcribe-stand-in";
import { NextRequest } from "next/server";
import * as processVideo from "@/lib/media/process-video";

// The source's facts can be replaced for one call (a film of over 4 hours, without making one).
jest.mock("@/lib/media/process-video", () => {
  const actual = jest.requireActual("@/lib/media/process-video");
  return { ...actual, withSourceFile: jest.fn(actual.withSourceFile) };
});
const withSourceFile = processVideo.withSourceFile as jest.MockedFunction<typeof processVideo.withSourceFile>;

let dir: string;
let clip: string;
let silent: string;
let provider: Awaited<ReturnType<typeof startTranscribeStandIn>>;
const saved = { url: process.env.TRANSCRIBE_BASE_URL, timeout: process.env.TRANSCRIBE_TIMEOUT_SECONDS };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "transcripts-"));
  clip = path.join(dir, "tone.mp4");
  silent = path.join(dir, "mute.mp4");
  await ffmpeg(clipArgs(clip, { seconds: 5, size: "160x120", toneHz: 440 }));
  await ffmpeg(clipArgs(silent, { seconds: 2, size: "160x120" }));
  provider = await startTranscribeStandIn();
});
afterAll(async () => {
  await provider.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  process.env.TRANSCRIBE_BASE_URL = provider.baseUrl;
  process.env.TRANSCRIBE_TIMEOUT_SECONDS = "1";
  provider.state.requests.length = 0;
});
afterEach(() => {
  for (const [k, v] of [
    ["TRANSCRIBE_BASE_URL", saved.url],
    ["TRANSCRIBE_TIMEOUT_SECONDS", saved.timeout],
  ] as const)
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

/** A studio (transcripts on unless said) with a READY film of `file`, its transcript of version 1 queued. */
async function film({ enabled = true, file = clip } = {}) {
  const admin = await createStudio();
  await db.admin.update({ where: { id: admin.id }, data: { transcriptsEnabled: enabled } });
  const folder = await db.folder.create({ data: { name: "F", adminId: admin.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: admin.id, customUrl: `tr-${randomUUID()}` } });
  const key = `${admin.id}/${folder.id}/${gallery.id}/abc_${path.basename(file)}`;
  await uploadFile(key, file, "video/mp4");
  const video = await db.video.create({ data: { title: "Film", storageKey: key, galleryId: gallery.id, adminId: admin.id, status: "READY" } });
  await db.transcript.create({ data: { videoId: video.id, adminId: admin.id, version: 1 } });
  return { admin, video, token: await bearerFor(admin) };
}

const seg = (start: number, end: number, text: string) => ({ start, end, text });
/** Two-second pieces overlapping by half a second: pieces start at 0, 1.5, 3 (and 4.5 when the clip's sound runs past 5 s). */
const SMALL = { pieceSeconds: 2, overlapSeconds: 0.5, retries: 0 };
/** Each piece: a sentence in its overlap with the previous piece (heard twice), then two of its own. */
const byPiece =
  (language = "english") =>
  (req: { index: number }): TranscribeReply => ({
    status: 200,
    json: {
      language,
      duration: 2,
      text: "…",
      segments: req.index === 0 ? [seg(0, 1, "p0 one"), seg(1, 1.6, "p0 two")] : [seg(0, 0.1, `p${req.index - 1} two`), seg(0.5, 1, `p${req.index} one`), seg(1, 1.5, `p${req.index} two`)],
    },
  });

const vttOf = async (s: { token: string; video: { id: string } }, captionId: string) => (await call(studioFile, request("GET", "/x", { token: s.token }), { videoId: s.video.id, captionId })).text();

describe("the job, through the real SDK against the stand-in", () => {
  it("cuts the film's sound into overlapping mono 16 kHz pieces, joins their segments once each in film time, and writes an automatic track in the detected language", async () => {
    const s = await film();
    provider.state.answer = byPiece();
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("done");

    const reqs = provider.state.requests;
    expect(reqs.length).toBeGreaterThanOrEqual(3);
    for (const r of reqs) {
      expect(r.url).toBe("/v1/audio/transcriptions");
      expect(r.fields).toMatchObject({ model: ["whisper-1"], response_format: ["verbose_json"], "timestamp_granularities[]": ["segment"] });
      // A WAV file: one channel at 16 kHz, at most the piece's 2 seconds of 16-bit samples.
      const wav = r.file!;
      expect(wav.subarray(0, 4).toString()).toBe("RIFF");
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt32LE(24)).toBe(16000);
      expect(wav.length).toBeLessThanOrEqual(2 * 16000 * 2 + 1024);
    }

    const caption = await db.caption.findFirstOrThrow({ where: { videoId: s.video.id } });
    expect(caption).toMatchObject({ language: "en", source: "automatic", confirmedAt: null, fromVersion: 1, label: "English" });
    const vtt = await vttOf(s, caption.id);
    // Piece 1 starts at 1.5 s: its "p1 one" (0.5–1 s of the piece) is at 2–2.5 s of the film. The
    // sentence heard in both pieces' overlap is written once, by the piece that owns its middle.
    expect(vtt).toContain("00:00:00.000 --> 00:00:01.000\np0 one");
    expect(vtt).toContain("00:00:02.000 --> 00:00:02.500\np1 one");
    expect(vtt).toContain("00:00:03.500 --> 00:00:04.000\np2 one");
    expect(vtt.match(/p0 two/g)).toHaveLength(1);
    expect(vtt.match(/p1 two/g)).toHaveLength(1);
    expect(await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).toMatchObject({ state: "done", progress: 100, language: "en", failureReason: null });

    // The studio's doors: the track is marked automatic until confirmed; the card's state is read.
    const listed = await (await call(list, request("GET", "/x", { token: s.token }), { videoId: s.video.id })).json();
    expect(listed.captions[0]).toMatchObject({ source: "automatic", confirmedAt: null });
    const card = await (await call(getTranscript, request("GET", "/x", { token: s.token }), { videoId: s.video.id })).json();
    expect(card).toMatchObject({ available: true, enabled: true, transcript: { state: "done", progress: 100, language: "en", version: 1 } });
  });

  it("sends nothing for a studio that has not turned transcripts on (nor queues anything)", async () => {
    const s = await film({ enabled: false });
    provider.state.answer = byPiece();
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("off");
    expect(provider.state.requests).toHaveLength(0);
    expect(await db.caption.count({ where: { videoId: s.video.id } })).toBe(0);
    expect(await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).toMatchObject({ state: "failed", failureReason: TEXTS.transcripts.turnedOff });
    await db.transcript.delete({ where: { videoId: s.video.id } });
    expect(await queueTranscript(s.video.id)).toBeNull();
    expect(await db.transcript.count({ where: { videoId: s.video.id } })).toBe(0);
    // The door refuses too, saying why.
    const res = await call(postTranscript, request("POST", "/x", { token: s.token }), { videoId: s.video.id });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(TEXTS.transcripts.off);
  });

  it("keeps an uploaded track in the detected language (the automatic one is made only where there is none)", async () => {
    const s = await film();
    const headers = new Headers({ authorization: `Bearer ${s.token}`, "content-type": "application/octet-stream" });
    const up = await call(upload, new NextRequest(new URL(`/api/videos/captions/${s.video.id}?language=en`, BASE), { method: "POST", headers, body: "1\n00:00:01,000 --> 00:00:02,000\nMine\n" }), {
      videoId: s.video.id,
    });
    expect(up.status).toBe(201);
    const before = await db.caption.findFirstOrThrow({ where: { videoId: s.video.id } });
    provider.state.answer = byPiece();
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("kept");
    expect(await db.caption.findMany({ where: { videoId: s.video.id } })).toEqual([before]);
  });

  it("a new version gets a new automatic track; the old version's unconfirmed one goes, uploaded tracks stay", async () => {
    const s = await film();
    provider.state.answer = byPiece("en");
    await runTranscript({ videoId: s.video.id, version: 1 }, SMALL);
    const old = await db.caption.findFirstOrThrow({ where: { videoId: s.video.id } });
    await db.caption.create({ data: { videoId: s.video.id, adminId: s.admin.id, language: "de", label: "Deutsch", storageKey: `${old.storageKey}.de`, cueCount: 1, sizeBytes: 1 } });
    await db.video.update({ where: { id: s.video.id }, data: { version: 2 } });
    await db.transcript.update({ where: { videoId: s.video.id }, data: { version: 2, state: "queued" } });
    provider.state.answer = byPiece("french");
    expect(await runTranscript({ videoId: s.video.id, version: 2 }, SMALL)).toBe("done");
    const rows = await db.caption.findMany({ where: { videoId: s.video.id }, orderBy: { language: "asc" } });
    expect(rows.map((r) => [r.language, r.source, r.fromVersion])).toEqual([
      ["de", "uploaded", null],
      ["fr", "automatic", 2],
    ]);
    expect(await objectExists(old.storageKey)).toBe(false);
    // A job of a version no longer current does nothing.
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("gone");
  });
});

describe("queueing", () => {
  it("a film made playable queues its version's transcript for a studio with transcripts on, once; none for a studio with them off", async () => {
    const on = await film();
    const off = await film({ enabled: false });
    for (const s of [on, off]) {
      await db.transcript.deleteMany({ where: { videoId: s.video.id } });
      await db.video.update({ where: { id: s.video.id }, data: { status: "PROCESSING" } });
      expect(await processFilm(s.video.id)).toBe("ready");
    }
    const queued = await db.transcript.findUniqueOrThrow({ where: { videoId: on.video.id } });
    expect(queued).toMatchObject({ state: "queued", version: 1, progress: 0 });
    expect(await db.transcript.count({ where: { videoId: off.video.id } })).toBe(0);
    // Made READY again (a new thumbnail): the version's transcript is not queued twice.
    await db.transcript.update({ where: { videoId: on.video.id }, data: { state: "done" } });
    expect(await queueTranscript(on.video.id)).toMatchObject({ state: "done" });
    // Asked again by the studio after a failure: queued again.
    await db.transcript.update({ where: { videoId: on.video.id }, data: { state: "failed", failureReason: "x" } });
    const res = await call(postTranscript, request("POST", "/x", { token: on.token }), { videoId: on.video.id });
    expect(res.status).toBe(202);
    expect((await res.json()).transcript).toMatchObject({ state: "queued", failureReason: null });
    expect(provider.state.requests).toHaveLength(0);
  });
});

describe("a provider that fails, hangs or answers garbage changes nothing and says why", () => {
  async function withAutomaticTrack() {
    const s = await film();
    provider.state.answer = byPiece();
    await runTranscript({ videoId: s.video.id, version: 1 }, SMALL);
    const before = await db.caption.findMany({ where: { videoId: s.video.id } });
    await db.transcript.update({ where: { videoId: s.video.id }, data: { state: "queued" } });
    provider.state.requests.length = 0;
    return { ...s, before };
  }

  it("an error status: the attempt fails for the queue to retry, the track is unchanged, the reason names the status", async () => {
    const s = await withAutomaticTrack();
    provider.state.answer = () => ({ status: 500, json: { error: { message: "boom" } } });
    await expect(runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).rejects.toThrow(TEXTS.transcripts.providerFailed(500));
    expect(await db.caption.findMany({ where: { videoId: s.video.id } })).toEqual(s.before);
    expect(await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).toMatchObject({ state: "failed", failureReason: TEXTS.transcripts.providerFailed(500) });
    // After the queue's last try the last reason stays.
    await failTranscript({ videoId: s.video.id, version: 1 }, new Error("x"));
    expect((await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).failureReason).toBe(TEXTS.transcripts.gaveUp);
  });

  it("an error once: the SDK sends the piece again (after its back-off) and the job completes", async () => {
    const s = await film();
    provider.state.answer = (req) => (req.index === 0 ? { status: 503, json: { error: { message: "busy" } } } : byPiece()({ index: req.index - 1 }));
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, { ...SMALL, retries: 1 })).toBe("done");
    expect(provider.state.requests[0].file).toEqual(provider.state.requests[1].file);
    expect(await db.caption.count({ where: { videoId: s.video.id, source: "automatic" } })).toBe(1);
  });

  it("no answer in time: given up after TRANSCRIBE_TIMEOUT_SECONDS, the track unchanged", async () => {
    const s = await withAutomaticTrack();
    provider.state.answer = () => "hang";
    await expect(runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).rejects.toThrow(TEXTS.transcripts.providerTimeout);
    expect(provider.state.requests).toHaveLength(1);
    expect(await db.caption.findMany({ where: { videoId: s.video.id } })).toEqual(s.before);
    expect((await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).failureReason).toBe(TEXTS.transcripts.providerTimeout);
  });

  it("garbage (not JSON, or JSON of another shape): failed at once, not retried, the track unchanged", async () => {
    const s = await withAutomaticTrack();
    for (const reply of [
      { status: 200, text: "<html>oops" },
      { status: 200, json: { segments: "many" } },
    ] as TranscribeReply[]) {
      await db.transcript.update({ where: { videoId: s.video.id }, data: { state: "queued" } });
      provider.state.answer = () => reply;
      expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("failed");
      expect(await db.caption.findMany({ where: { videoId: s.video.id } })).toEqual(s.before);
      expect((await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).failureReason).toBe(TEXTS.transcripts.providerGarbage);
    }
  });

  it("a film longer than 4 hours: failed with that reason, nothing sent", async () => {
    const s = await film();
    withSourceFile.mockImplementationOnce(async (_key, work) =>
      work(
        {
          path: "unused",
          storageKey: "unused",
          sizeBytes: 1,
          truncated: false,
          imageFormat: false,
          fastStart: true,
          facts: { formatName: "mp4", durationSec: 4 * 3600 + 1, bitrate: null, video: null, audioCodec: "aac" },
        },
        dir,
      ),
    );
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("failed");
    expect(provider.state.requests).toHaveLength(0);
    expect((await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).failureReason).toBe(TEXTS.transcripts.tooLong(4));
  });

  it("a film without sound, or in a language captions cannot be in: failed with that reason, nothing sent or written", async () => {
    const mute = await film({ file: silent });
    expect(await runTranscript({ videoId: mute.video.id, version: 1 }, SMALL)).toBe("failed");
    expect(provider.state.requests).toHaveLength(0);
    expect((await db.transcript.findUniqueOrThrow({ where: { videoId: mute.video.id } })).failureReason).toBe(TEXTS.transcripts.noSound);
    const s = await film();
    provider.state.answer = byPiece("klingon");
    expect(await runTranscript({ videoId: s.video.id, version: 1 }, SMALL)).toBe("failed");
    expect((await db.transcript.findUniqueOrThrow({ where: { videoId: s.video.id } })).failureReason).toBe(TEXTS.transcripts.languageUnsupported("klingon"));
    expect(await db.caption.count({ where: { videoId: s.video.id } })).toBe(0);
  });
});

describe("the cue editor and confirming", () => {
  it("stores edited cues as the track's WebVTT (cleaned as uploads are) and confirms the automatic track; bad cues change nothing", async () => {
    const s = await film();
    provider.state.answer = byPiece();
    await runTranscript({ videoId: s.video.id, version: 1 }, SMALL);
    const caption = await db.caption.findFirstOrThrow({ where: { videoId: s.video.id } });
    const put = (body: unknown, token = s.token, captionId = caption.id) => call(putCues, request("PUT", "/x", { token, body }), { videoId: s.video.id, captionId });

    for (const body of [
      { cues: [{ start: 2, end: 1, text: "x" }] },
      { cues: [] },
      { cues: [{ start: 0, end: 1, text: "  " }] },
      { cues: "x" },
      { cues: [{ start: 0, end: 1, text: "x", extra: 1 }] },
    ]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("validation");
    }
    expect(await db.caption.findUniqueOrThrow({ where: { id: caption.id } })).toEqual(caption);
    // Another studio's track is not found.
    const other = await createStudio();
    expect((await put({ cues: [{ start: 0, end: 1, text: "x" }] }, await bearerFor(other))).status).toBe(404);

    const res = await put({ cues: [{ start: 0.5, end: 1.25, text: 'Hello <img src=x onerror="alert(1)"> <b>there</b>' }] });
    expect(res.status).toBe(200);
    expect((await res.json()).caption).toMatchObject({ source: "automatic", cueCount: 1, confirmedAt: expect.any(String) });
    expect(await vttOf(s, caption.id)).toBe("WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.250\nHello  <b>there</b>\n");
    expect(await objectExists(caption.storageKey)).toBe(false);
  });

  it("confirms an automatic track as it is (PATCH { confirmed: true })", async () => {
    const s = await film();
    provider.state.answer = byPiece();
    await runTranscript({ videoId: s.video.id, version: 1 }, SMALL);
    const caption = await db.caption.findFirstOrThrow({ where: { videoId: s.video.id } });
    const res = await call(update, request("PATCH", "/x", { token: s.token, body: { confirmed: true } }), { videoId: s.video.id, captionId: caption.id });
    expect(res.status).toBe(200);
    expect((await res.json()).caption.confirmedAt).toEqual(expect.any(String));
    expect((await call(update, request("PATCH", "/x", { token: s.token, body: { confirmed: false } }), { videoId: s.video.id, captionId: caption.id })).status).toBe(400);
  });
});

describe("the studio's switch", () => {
  it("is off by default; turns on and off; says not available (and refuses to turn on) when no provider is configured", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const get = async () => (await call(getSettings, request("GET", "/x", { token }))).json();
    expect(await get()).toEqual({ available: true, enabled: false });
    const on = await call(putSettings, request("PUT", "/x", { token, body: { enabled: true } }));
    expect(await on.json()).toEqual({ available: true, enabled: true });
    expect((await call(putSettings, request("PUT", "/x", { token, body: { enabled: "yes" } }))).status).toBe(400);
    await call(putSettings, request("PUT", "/x", { token, body: { enabled: false } }));
    delete process.env.TRANSCRIBE_BASE_URL;
    expect(await get()).toEqual({ available: false, enabled: false });
    const refused = await call(putSettings, request("PUT", "/x", { token, body: { enabled: true } }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(TEXTS.transcripts.notAvailable);
    expect((await db.admin.findUniqueOrThrow({ where: { id: admin.id } })).transcriptsEnabled).toBe(false);
  });
});

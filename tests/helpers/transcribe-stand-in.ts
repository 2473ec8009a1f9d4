// A local HTTP server standing in for a transcription provider (OpenAI's /v1/audio/transcriptions,
// as whisper.cpp and faster-whisper servers speak it): the app's real `openai` SDK talks to it. It
// reads each multipart request (its fields and the audio file) and answers what the test says: a
// verbose_json transcript, an error status, text that is not JSON, or nothing at all (it hangs).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TranscribeRequest = { url: string; authorization: string | undefined; fields: Record<string, string[]>; file: Buffer | null; index: number };
export type TranscribeReply = { status: number; json: unknown } | { status: number; text: string } | "hang";

/** The parts of a multipart/form-data body: each field's values, and the one file's bytes. */
function readForm(body: Buffer, contentType: string): { fields: Record<string, string[]>; file: Buffer | null } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string[]> = {};
  let file: Buffer | null = null;
  if (!boundary) return { fields, file };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at !== -1) {
    const next = body.indexOf(sep, at + sep.length);
    if (next === -1) break;
    const part = body.subarray(at + sep.length + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const value = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? "";
    if (/filename=/.test(head)) file = Buffer.from(value);
    else (fields[name] ??= []).push(value.toString("utf8"));
    at = next;
  }
  return { fields, file };
}

/** Starts the stand-in; `answer` decides each reply (request `index` counts from 0). */
export async function startTranscribeStandIn() {
  const state = {
    answer: ((): TranscribeReply => ({ status: 500, json: { error: { message: "no answer set" } } })) as (req: TranscribeRequest) => TranscribeReply,
    requests: [] as TranscribeRequest[],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: TranscribeRequest = {
        url: req.url ?? "",
        authorization: req.headers.authorization,
        ...readForm(Buffer.concat(chunks), req.headers["content-type"] ?? ""),
        index: state.requests.length,
      };
      state.requests.push(rec);
      const reply = state.answer(rec);
      if (reply === "hang") return;
      if ("json" in reply) {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(JSON.stringify(reply.json));
      } else {
        res.writeHead(reply.status, { "content-type": "application/json" });
        res.end(reply.text);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    /** What TRANSCRIBE_BASE_URL is set to: the API's root, /v1 included. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** @jest-environment jsdom */
// The browser side of presigned PUTs (lib/browser/uploads/single-file.ts): the URL is signed for content-type,
// content-length and host (tests/integration/presigned-uploads.test.ts), so the PUT must carry exactly
// the type it announced and the file itself as the body (the browser then sends its exact length).
import { putPresigned } from "@/lib/browser/uploads/single-file";

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: Record<string, unknown>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const body = calls.length === 1 ? answer : {};
    return { ok: true, status: 200, json: async () => body } as Response;
  }) as typeof fetch;
  return calls;
}

it.each([
  ["a logo", "assets", new File([new Uint8Array(1234)], "logo.png", { type: "image/png" })],
  ["a background image", "f/g", new File([new Uint8Array(77)], "bg.jpg", { type: "image/jpeg" })],
  ["a music track", "f/g", new File([new Uint8Array(4096)], "song.mp3", { type: "audio/mpeg" })],
])("%s is PUT with the announced type and its own bytes", async (_name, folderPath, file) => {
  const signedUrl = "http://store.test/bucket/key?X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost&X-Amz-Signature=abc";
  const calls = fakeFetch({ upload_url: signedUrl, fileName: "a/assets/key", headers: { "Content-Type": file.type } });
  expect(await putPresigned(file, folderPath, "failed")).toBe("a/assets/key");

  const presign = new URL(calls[0].url, "http://app.test");
  expect(presign.pathname).toBe("/api/products/generate-presigned-url");
  expect(presign.searchParams.get("fileType")).toBe(file.type);
  expect(presign.searchParams.get("fileSize")).toBe(String(file.size));

  const put = calls[1];
  expect(put.url).toBe(signedUrl);
  expect(put.init.method).toBe("PUT");
  expect(put.init.headers).toEqual({ "Content-Type": file.type });
  // The body is the file: the browser's Content-Length is its size, the length the server signed.
  expect(put.init.body).toBe(file);
});

// Download all's service worker (issue 23, lib/browser/download-all/sinks.ts): the page hands it a ZIP
// being made (a stream, or pieces on request), and it answers the download address
// /__download/<id>/<name> with those bytes as an attachment, so the browser saves the archive as it
// is made, never holding it whole. Only its own scope (/__download/) reaches it.
"use strict";

const pending = new Map();

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "zip" || typeof data.id !== "string") return;
  const port = event.ports[0];
  let stream = data.stream;
  if (!stream) {
    // Pieces on request: one message asks for the next piece.
    stream = new ReadableStream(
      {
        pull(controller) {
          return new Promise((resolve) => {
            port.onmessage = ({ data: m }) => {
              if (m.chunk) controller.enqueue(new Uint8Array(m.chunk));
              else if (m.done) controller.close();
              else if (m.error) controller.error(new Error(m.error));
              resolve();
            };
            port.postMessage({ pull: true });
          });
        },
        cancel() {
          port.postMessage({ cancelled: true });
        },
      },
      { highWaterMark: 0 },
    );
  }
  pending.set(data.id, { stream, name: String(data.name || "download.zip"), size: Number(data.size) || null });
  port.postMessage({ ready: true });
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/__download/")) return;
  const id = url.pathname.split("/")[2];
  const entry = pending.get(id);
  if (!entry) {
    event.respondWith(new Response("This download is no longer available.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } }));
    return;
  }
  pending.delete(id);
  const headers = {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(entry.name)}`,
    "cache-control": "no-store",
  };
  if (entry.size) headers["content-length"] = String(entry.size);
  event.respondWith(new Response(entry.stream, { headers }));
});

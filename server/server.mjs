// The production server: `next start`'s job (the production build, one port) plus the page front
// cache (front-cache.cjs), which answers repeat requests for a public gallery page from
// memory before Next.js is asked. `npm start` (scripts/launch.mjs) runs it; so can a process
// manager: `PORT=3000 node server/server.mjs` (every interface, as `next start`; FRONT_CACHE=false
// turns the front cache off; its settings are read in constants.cjs).
import http from "node:http";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// As `next start` does, and before Next.js and React load (they pick their production builds by it).
process.env.NODE_ENV ??= "production";
const { default: next } = await import("next");

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { createFrontCache } = require("./front-cache.cjs");
// The socket address reaches the app's rate limits in a header this process signs (a client's copy is dropped).
const { stampSocketAddress } = require("./socket-address.cjs");
const settings = require("./constants.cjs").serverSettings();

const port = settings.port;
const app = next({ dev: false, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// With FRONT_CACHE=false it keeps nothing, but still bounds the gallery pages' Cache-Control.
const keep = settings.frontCache;
const front = createFrontCache({ keep });
const server = http.createServer((req, res) => {
  stampSocketAddress(req);
  front.handle(req, res, () => handle(req, res));
});
server.listen(port, () => {
  console.log(`▲ Vidfolio production server on http://localhost:${port}${keep ? " (page front cache on)" : ""}`);
});

let closing = false;
function stop() {
  if (closing) return;
  closing = true;
  // In-flight requests get a moment to finish; then the process ends whatever is left open.
  // Keep-alive connections are closed as soon as their request is answered, so the process ends
  // when the last in-flight request does.
  server.close(() => void app.close().finally(() => process.exit(0)));
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

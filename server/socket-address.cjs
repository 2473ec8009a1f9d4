// @ts-check
// The address the client connected from, handed by the production server (server/server.mjs, which
// runs Next.js in its own process) to the app in a header no client can forge. The server drops
// any copy of the header a request arrives with and writes `<address> <mac>`, the MAC being
// HMAC-SHA256 under a random key made for this process (kept in process.env, where the app's
// bundled copy of this module finds it; it never leaves the process). Under plain `next start` or
// `next dev` nobody stamps and no key exists, so a header sent by a client is never believed:
// the app then knows no address (lib/security/client-ip.ts says what happens).
"use strict";
const { createHmac, randomBytes, timingSafeEqual } = require("node:crypto");
const { SOCKET_HEADER, SOCKET_KEY_VARIABLE: KEY_VARIABLE } = require("./constants.cjs");

/** @param {boolean} create @returns {string | null} */
function key(create) {
  if (!process.env[KEY_VARIABLE] && create) process.env[KEY_VARIABLE] = randomBytes(32).toString("base64url");
  return process.env[KEY_VARIABLE] || null;
}

/** @param {string} secret @param {string} address */
function mac(secret, address) {
  return createHmac("sha256", secret).update(`socket:${address}`).digest("base64url");
}

/**
 * `::ffff:192.0.2.1` → `192.0.2.1`; anything that is not a plausible address → null.
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
function normaliseAddress(value) {
  const v = typeof value === "string" ? value.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "") : "";
  return /^[0-9a-f:.]{2,45}$/i.test(v) ? v.toLowerCase() : null;
}

/**
 * The header's value for an address (the production server's stamp; the tests stamp with it too).
 * @param {string | null | undefined} address
 * @returns {string | null}
 */
function socketStamp(address) {
  const a = normaliseAddress(address);
  return a ? `${a} ${mac(/** @type {string} */ (key(true)), a)}` : null;
}

/**
 * Called by the production server for every request before Next.js sees it.
 * @param {{ headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } | null }} req
 */
function stampSocketAddress(req) {
  delete req.headers[SOCKET_HEADER];
  const stamp = socketStamp(req.socket && req.socket.remoteAddress);
  if (stamp) req.headers[SOCKET_HEADER] = stamp;
}

/**
 * The stamped address, or null when there is no stamp, no key in this process, or a forged one.
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
function readSocketStamp(value) {
  const secret = key(false);
  const m = typeof value === "string" ? value.match(/^(\S{2,45}) ([A-Za-z0-9_-]{43})$/) : null;
  if (!secret || !m) return null;
  const expected = Buffer.from(mac(secret, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? normaliseAddress(m[1]) : null;
}

module.exports = { stampSocketAddress, socketStamp, readSocketStamp, normaliseAddress };

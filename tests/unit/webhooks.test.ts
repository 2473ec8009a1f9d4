// The pure parts of signed webhooks (issue 38.4): the signature and its verification, the retry
// schedule, and which addresses a delivery may reach.
import { signatureHeader, verifySignature } from "@/lib/services/platform/rules/webhooks/signature";
import { MAX_RETRY_SEC, nextAttempt, probeDelayMs, retryDelayMs, RETRY_WINDOW_MS } from "@/lib/services/platform/rules/webhooks/schedule";
import { isIpLiteral, isPublicAddress } from "@/lib/services/platform/rules/webhooks/address";
import { OFFERED_EVENTS, WEBHOOK_EVENTS } from "@/lib/services/platform/rules/webhooks/events";

describe("the signature", () => {
  const body = JSON.stringify({ id: "e1", type: "film.ready", created: "2026-11-27T10:00:00.000Z", data: { object: { id: "f1" } } });
  const t = 1_800_000_000;

  it("is t=<seconds>,v1=<hex HMAC-SHA256 of '<t>.<body>'>, and verifies with the same secret within the tolerance", () => {
    const header = signatureHeader("whsec_a", body, t);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature("whsec_a", body, header, t + 299)).toEqual({ ok: true, timestamp: t });
  });

  it("refuses another secret, a changed body, a changed timestamp, a stale or future timestamp, and malformed headers", () => {
    const header = signatureHeader("whsec_a", body, t);
    expect(verifySignature("whsec_b", body, header, t)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature("whsec_a", body.replace("f1", "f2"), header, t)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature("whsec_a", body, header.replace(`t=${t}`, `t=${t + 1}`), t)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature("whsec_a", body, header, t + 301)).toEqual({ ok: false, reason: "expired" });
    expect(verifySignature("whsec_a", body, header, t - 301)).toEqual({ ok: false, reason: "expired" });
    for (const bad of [null, "", "t=1", `v1=${"a".repeat(64)}`, `t=abc,v1=${"a".repeat(64)}`, `t=${t},v1=zz`, `t=${t},v0=${"a".repeat(64)}`]) {
      expect(verifySignature("whsec_a", body, bad, t)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});

describe("the retry schedule", () => {
  it("waits 30 s, doubling, at most an hour apart", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, MAX_RETRY_SEC]);
  });

  it("probes a failing endpoint every twentieth of how long it has been failing, 2 s to 5 minutes", () => {
    expect([0, 10_000, 60_000, 600_000, 3_600_000, 3 * 86_400_000].map((ms) => probeDelayMs(ms) / 1000)).toEqual([2, 2, 3, 30, 180, 300]);
  });

  it("gives up when the next attempt would fall after the event's 3 days", () => {
    const created = new Date(1_800_000_000_000);
    expect(nextAttempt(created, 1, created.getTime())).toEqual(new Date(created.getTime() + 30_000));
    expect(nextAttempt(created, 20, created.getTime() + RETRY_WINDOW_MS - 3_600_000)).toEqual(new Date(created.getTime() + RETRY_WINDOW_MS));
    expect(nextAttempt(created, 20, created.getTime() + RETRY_WINDOW_MS - 3_599_999)).toBeNull();
  });
});

describe("the addresses a delivery may reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "0:0:0:0:0:ffff:192.168.0.1",
    "not-an-ip",
    "1.2.3",
    "256.1.1.1",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  // Issue 55 item 7: the IPv6 ranges that carry an IPv4 address or hand the packet on to one are
  // refused whole, whatever address they carry, in every spelling.
  it.each([
    // ::ffff:0:0/96, IPv4-mapped
    "::ffff:8.8.8.8",
    "::FFFF:808:808",
    "0:0:0:0:0:ffff:808:808",
    "0000:0000:0000:0000:0000:ffff:0808:0808",
    "[0:0:0:0:0:ffff:7f00:1]",
    "[::ffff:127.0.0.1]",
    "::ffff:0:0",
    // ::ffff:0:0:0/96, IPv4-translated; ::/96, IPv4-compatible
    "::ffff:0:8.8.8.8",
    "::8.8.8.8",
    "::808:808",
    // NAT64: the well-known 64:ff9b::/96 and the local-use 64:ff9b:1::/48
    "64:ff9b::8.8.8.8",
    "64:ff9b::808:808",
    "64:ff9b:0:0:0:0:7f00:1",
    "64:ff9b:1::1",
    "64:ff9b:1:abcd::10.0.0.1",
    "64:FF9B:0001:ffff:ffff:ffff:ffff:ffff",
    // 6to4 2002::/16 (2002:7f00:1:: is 127.0.0.1's) and Teredo 2001::/32
    "2002:7f00:1::1",
    "2002:808:808::1",
    "[2002::]",
    "2001::1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:0000:ffff::",
  ])("refuses %s (an IPv4 address inside, or a relay to one)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["1.1.1.1", "8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2001:4860:4860::8888", "2003::1", "2a00:1450:4001::200e"])("allows %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it("tells literal addresses from names", () => {
    expect(isIpLiteral("127.0.0.1")).toBe(true);
    expect(isIpLiteral("::1")).toBe(true);
    expect(isIpLiteral("localhost")).toBe(false);
    expect(isIpLiteral("hooks.example.com")).toBe(false);
  });
});

describe("the event list", () => {
  it("offers the events emitted today and keeps the later features' names in the same list", () => {
    expect(OFFERED_EVENTS).toEqual(["film.ready", "film.failed", "guest.visited", "guest.watched", "download.created", "export.ready", "comment.created", "film.approved"]);
    expect(Object.keys(WEBHOOK_EVENTS)).toEqual(expect.arrayContaining(["payment.received"]));
  });
});

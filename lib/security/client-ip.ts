// The client's IP address, for rate limits. Next's own server sets `x-forwarded-for` to the socket
// address only when the request does not already carry one (`??=`), so without a proxy in front the
// header can be chosen by the client. Hence:
// - TRUST_PROXY set (a number of proxies in front, or "true" for one): the proxies append to
//   `x-forwarded-for`, so the entry that many places from the right is the address the outermost
//   trusted proxy saw. With one proxy that overwrites the header (nginx `$remote_addr`) this is its
//   first and only hop.
// - TRUST_PROXY unset: `x-real-ip`, else the last `x-forwarded-for` entry (Next's socket address
//   when the client sent none). A client that forges these only escapes the per-IP limit; the
//   per-account limits still hold. Production behind a proxy must set TRUST_PROXY (docs/security.md).
type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(h: HeaderSource, name: string): string | null {
  if (typeof (h as { get?: unknown }).get === "function") return (h as { get(n: string): string | null }).get(name);
  const v = (h as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join(",") : (v ?? null);
}

function trustedHops(): number {
  const v = process.env.TRUST_PROXY?.trim().toLowerCase();
  if (!v || v === "false" || v === "0") return 0;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function clean(ip: string | undefined | null): string | null {
  const v = ip?.trim().replace(/^::ffff:/, "");
  return v && v.length <= 64 ? v : null;
}

export function clientIp(headers: HeaderSource): string {
  const forwarded = (header(headers, "x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const hops = trustedHops();
  if (hops > 0) return clean(forwarded[Math.max(0, forwarded.length - hops)]) ?? "unknown";
  return clean(header(headers, "x-real-ip")) ?? clean(forwarded[forwarded.length - 1]) ?? "unknown";
}

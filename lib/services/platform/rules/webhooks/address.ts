// Which addresses a webhook may be delivered to: public unicast only. Refused: private (RFC 1918,
// unique-local), loopback, link-local, carrier-grade NAT, multicast, unspecified, broadcast and
// reserved ranges, and every IPv6 range that carries an IPv4 address or hands the packet on to one,
// whatever IPv4 address it carries (a gateway or relay the app does not control decides where it
// goes, and the inside is one of the places): IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
// IPv4-translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and its local-use 64:ff9b:1::/48, 6to4
// 2002::/16 and Teredo 2001::/32. Each in any spelling (dotted tail, hex groups, zeros written out,
// brackets): the address is read into its eight groups first. Checked on the address DNS gave, and
// the connection goes to that same address (lib/security/outbound-http.ts).

/** [first octets as a 32-bit number, prefix length] */
const V4_REFUSED: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function v4Number(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return null;
  return octets.reduce((n, o) => n * 256 + o, 0);
}

function v4Refused(n: number): boolean {
  return V4_REFUSED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Number(base)! / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail allowed), or null. */
function v6Groups(ip: string): number[] | null {
  let s = ip
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const n = v4Number(tail[1]);
    if (n === null) return null;
    s = `${s.slice(0, -tail[1].length)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (h: string) => (h === "" ? [] : h.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function v6Refused(g: number[]): boolean {
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(6)) return true; // ::/96: ::, ::1 and IPv4-compatible ::a.b.c.d
  if (zeros(5) && g[5] === 0xffff) return true; // ::ffff:0:0/96 IPv4-mapped
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return true; // ::ffff:0:0:0/96 IPv4-translated
  if (g[0] === 0x64 && g[1] === 0xff9b && (g[2] === 1 || g.slice(2, 6).every((x) => x === 0))) return true; // NAT64 64:ff9b::/96, local-use 64:ff9b:1::/48
  if (g[0] === 0x2002) return true; // 6to4 2002::/16
  if (g[0] === 0x2001 && g[1] === 0) return true; // Teredo 2001::/32
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique-local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether a literal IP address (v4 or v6) is one a webhook may reach; anything unparsable is refused. */
export function isPublicAddress(ip: string): boolean {
  const v4 = v4Number(ip);
  if (v4 !== null) return !v4Refused(v4);
  const v6 = v6Groups(ip);
  return v6 !== null && !v6Refused(v6);
}

/** Whether a URL's host is written as an IP address (DNS is not asked about it). */
export function isIpLiteral(host: string): boolean {
  return v4Number(host) !== null || (host.includes(":") && v6Groups(host) !== null);
}

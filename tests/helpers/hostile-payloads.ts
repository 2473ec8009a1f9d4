// Hostile text (issue 36 item 1): what a studio or a guest may type into any field a page shows.
// Each payload calls the page's hook `__pwn(n)` with a number of its own if it ever runs, so a test
// that installs the hook before any script (tests/e2e/hostile-text.spec.ts) learns which payload
// ran, and in which field when the text was made by `hostileText`. Pure data: unit, integration and
// browser tests may all import it.

export type HostileKind = "entity-encoded" | "raw" | "attribute" | "link" | "svg" | "json-breaker";
export type HostilePayload = { n: number; kind: HostileKind; text: string };

/** The set, each calling `__pwn(n)`: markup entity-encoded (a decoder's trap) and raw, quotes that end an attribute, a `javascript:` link, SVG, and `</script>` for text that lands in inline JSON (`__NEXT_DATA__`, the RSC payload). */
export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  { n: 1, kind: "entity-encoded", text: "&lt;img src=x onerror=__pwn(1)&gt;" },
  { n: 2, kind: "raw", text: "<img src=x onerror=__pwn(2)>" },
  { n: 3, kind: "raw", text: "<script>__pwn(3)</script>" },
  { n: 4, kind: "attribute", text: '"><svg onload=__pwn(4)>' },
  { n: 5, kind: "attribute", text: "' onmouseover='__pwn(5)" },
  { n: 6, kind: "link", text: "javascript:__pwn(6)" },
  { n: 7, kind: "svg", text: "<svg><script>__pwn(7)</script></svg>" },
  { n: 8, kind: "json-breaker", text: "</script><script>__pwn(8)</script>" },
];

/** Payload `n` (1–8) as field `field` holds it: it calls `__pwn(field * 10 + n)`, so a recorded call names both. */
export function hostilePayload(field: number, n: number): string {
  const p = HOSTILE_PAYLOADS.find((x) => x.n === n);
  if (!p) throw new Error(`no hostile payload ${n}`);
  return p.text.replace(`__pwn(${n})`, `__pwn(${field * 10 + n})`);
}

/** The payloads `only` (all by default) for field `field`, in one text separated by spaces. */
export function hostileText(field: number, only: readonly number[] = HOSTILE_PAYLOADS.map((p) => p.n)): string {
  return only.map((n) => hostilePayload(field, n)).join(" ");
}

/** A `javascript:` address for a link field (a website, a social link, a button's target). */
export const hostileLink = (field: number) => hostilePayload(field, 6);

/** What a recorded `__pwn(code)` was: which field, which payload. */
export function describeHostileCall(code: number, fields: Record<string, number>): string {
  const field = Math.floor(code / 10);
  const name = Object.entries(fields).find(([, f]) => f === field)?.[0] ?? `field ${field}`;
  const payload = HOSTILE_PAYLOADS.find((p) => p.n === code % 10);
  return `${name}: payload ${code % 10} (${payload?.kind ?? "?"}) ran`;
}

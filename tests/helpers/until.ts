// Polls `check` until it answers something truthy (returned), or fails after `ms`.
export async function until<T>(check: () => Promise<T | undefined | false>, ms: number, everyMs = 250): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

// What the player's settings menu shows beside "Quality" (Vidstack's default layout leaves that
// row's hint empty): the rung playing, and whether the player chooses it ("Auto (720p)") or the
// viewer did ("1080p").

/** A quality's rung, the "p" of 720p: its short side (lib/media/ladder.ts rungSize: a portrait film's 720p is 720×1280). */
export const rungOf = (q: { width: number; height: number }) => (q.width > 0 ? Math.min(q.width, q.height) : q.height);

export function qualityHint(q: { autoQuality: boolean; height: number | null }, autoWord: string): string {
  const rung = q.height ? `${q.height}p` : "";
  if (!q.autoQuality) return rung || autoWord;
  return rung ? `${autoWord} (${rung})` : autoWord;
}

/** The hint as a CSS string value (the menu row shows it through `content: var(--vf-quality-hint)`). */
export const cssString = (text: string) => JSON.stringify(text);

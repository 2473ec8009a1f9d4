// The chapters track (lib/services/films/rules/chapters-vtt.ts, issue 36 item 1): a chapter's title is plain text, and
// the player reads the track like captions (references decoded, then innerHTML), so a title made of
// markup, raw or entity-encoded, must reach it as text: no element, decoded zero, one or two times.
import { chaptersVtt } from "@/lib/services/films/rules/chapters-vtt";
import { cuePlainText } from "@/lib/services/films/rules/vtt";
import { cueTextFaults, HOSTILE, markupFaults, playerCueHtml } from "../helpers/cue-markup";

/** The cue payloads of a chapters file (the line after each timing line). */
const payloads = (vtt: string) =>
  vtt
    .split("\n\n")
    .slice(1)
    .map((block) => block.split("\n")[2]);

describe("chaptersVtt: hostile titles (issue 36)", () => {
  it.each(HOSTILE)("%s: the title makes no element, written as it is, decoded once or twice", (title) => {
    const vtt = chaptersVtt([{ title, seconds: 0 }], 60);
    for (const text of payloads(vtt)) expect(cueTextFaults(text)).toEqual([]);
    expect(vtt).not.toMatch(/&(?!amp;)|&amp;(?:[lg]t|#|amp)/i);
  });

  it("the player's own renderer (media-captions) makes no element of any of them", () => {
    const vtt = chaptersVtt(
      HOSTILE.map((title, i) => ({ title, seconds: i * 10 })),
      HOSTILE.length * 10,
    );
    const rendered = playerCueHtml(vtt);
    expect(rendered).toHaveLength(HOSTILE.length);
    for (const html of rendered) expect(markupFaults(html)).toEqual([]);
  });

  it("keeps ordinary titles readable: '&' stays an ampersand, line breaks become spaces, '-->' an arrow", () => {
    const vtt = chaptersVtt([{ title: "Fish & chips\nat 5 --> 6", seconds: 0 }], 10);
    expect(payloads(vtt)).toEqual(["Fish &amp; chips at 5 → 6"]);
    expect(cuePlainText(payloads(vtt)[0])).toBe("Fish & chips at 5 → 6");
  });
});

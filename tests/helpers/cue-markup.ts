// What a WebVTT cue's text becomes in a browser (issue 36 item 1): a real HTML parser (jsdom) and
// the player's own caption renderer (media-captions, which Vidstack's default layout uses: it reads
// the file, decodes the cue text's character references and writes the result with innerHTML).
// Shared by the captions and the chapters tests, with the hostile payloads they both feed in.
import { execFileSync } from "node:child_process";
import { JSDOM } from "jsdom";

const { document } = new JSDOM("").window;

/** The cue tags a cue may become (WebVTT's); what the app keeps is a subset (<b>, <i>, <u>). */
export const CUE_ELEMENTS = new Set(["b", "i", "u", "span", "ruby", "rt"]);

/** Text with its character references read once by an HTML parser, tags left as text (a textarea's RCDATA). */
export function decodeOnce(text: string): string {
  const area = document.createElement("textarea");
  area.innerHTML = text;
  return area.value;
}

/** The elements `html` makes when written with innerHTML: tag names and attribute names. */
export function elementsOf(html: string): { tag: string; attributes: string[] }[] {
  const div = document.createElement("div");
  div.innerHTML = html;
  return [...div.querySelectorAll("*")].map((el) => ({ tag: el.localName, attributes: el.getAttributeNames() }));
}

/** What is wrong with `html` written by innerHTML: elements other than cue tags, any on* attribute. */
export function markupFaults(html: string): string[] {
  return elementsOf(html).flatMap(({ tag, attributes }) => [
    ...(CUE_ELEMENTS.has(tag) ? [] : [`<${tag}>`]),
    ...attributes.filter((a) => /^on/i.test(a) || a === "href" || a === "src").map((a) => `${tag}[${a}]`),
  ]);
}

/** The faults of a cue's stored text written as it is, decoded once, and decoded twice. */
export function cueTextFaults(text: string): string[] {
  const once = decodeOnce(text);
  return [...markupFaults(text), ...markupFaults(once), ...markupFaults(decodeOnce(once))];
}

/**
 * Each cue of a WebVTT file as the player renders it: media-captions' parser, then its
 * renderVTTCueString (what its CaptionsRenderer writes with innerHTML). media-captions is an ES
 * module that Jest's transform leaves alone, so a Node child process runs it.
 */
export function playerCueHtml(vtt: string): string[] {
  const script = `
    import { parseText, renderVTTCueString } from "media-captions";
    let s = "";
    process.stdin.on("data", (d) => (s += d));
    process.stdin.on("end", async () => {
      const { cues } = await parseText(s, { type: "vtt" });
      process.stdout.write(JSON.stringify(cues.map((c) => renderVTTCueString(c))));
    });`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { input: vtt, cwd: process.cwd(), encoding: "utf8" })) as string[];
}

/** What attackers put in a cue or a chapter title: markup raw, entity-encoded (once, twice, numerically, without ';'), split by references, breaking attributes. */
export const HOSTILE = [
  "&lt;img src=x onerror=alert(1)&gt;",
  '&lt;img src=x onerror="alert(1)"&gt;',
  "&amp;lt;img src=x onerror=alert(1)&amp;gt;",
  "&amp;amp;lt;img src=x onerror=alert(1)&amp;amp;gt;",
  "&#60;img src=x onerror=alert(1)&#62;",
  "&#060;img src=x onerror=alert(1)&#0062",
  "&#x3c;img src=x onerror=alert(1)&#x3E;",
  "&#X3C;svg onload=alert(1)&#x3e",
  "&ltimg src=x onerror=alert(1)&gt",
  "&LT;svg onload=alert(1)&GT;",
  "&l&#116;;img src=x onerror=alert(1)&g&#116;;",
  "&#38;lt;img src=x onerror=alert(1)&#38;gt;",
  "&nvlt;img src=x onerror=alert(1)&nvgt;",
  "<img src=x onerror=alert(1)>",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)>",
  "<svg/onload=alert(1)>",
  "<script>alert(1)</script>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "<<img src=x onerror=alert(1)>img src=x onerror=alert(1)>",
  '<b onmouseover="alert(1)">x</b>',
  "<i onclick=alert(1)>x</i>",
  "<c.x onclick=alert(1)>y</c>",
  '<v Anna" onclick="alert(1)>Hi</v>',
  '"><img src=x onerror=alert(1)>',
  "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;",
  '<a href="javascript:alert(1)">x</a>',
  "&lt;a href=javascript:alert(1)&gt;x&lt;/a&gt;",
  "&lt;iframe src=javascript:alert(1)&gt;",
  // References joined only once a tag, an SRT override or a control character between is removed.
  "&<font>lt;img src=x onerror=alert(1)&<font>gt;",
  "&<c.x>lt;img src=x onerror=alert(1)&</c>gt;",
  "&{\\an8}lt;img src=x onerror=alert(1)&{\\an8}gt;",
  "&\u0007lt;img src=x onerror=alert(1)&\u0007gt;",
];

// The preview watermark's filters (issue 41 item 3, lib/media/watermark-filter.ts): a studio's text
// never enters the filter graph (drawtext reads it from a file, unexpanded), and whatever the graph
// does name (the font's and the text's paths, expressions) reaches its filter as it is, with no other
// option or filter. The graph is read back here as ffmpeg reads it: libavutil's av_get_token at
// each of its two levels (libavfilter/graphparser.c between filters, av_opt_get_key_value between options).
import { filterValue, markGraph, markText, textSize, type BurnIn } from "@/lib/media/watermark-filter";
import { rungSize } from "@/lib/media/ladder";
import { WATERMARK_POSITIONS, WATERMARK_TEXT_MAX } from "@/lib/services/money/rules/watermark";

const WHITESPACES = " \n\t\r";

/** libavutil/avstring.c av_get_token: a token up to one of `term`, with `\` escapes and '…' quotes, white space trimmed at both ends. */
function getToken(buf: string, pos: number, term: string): { token: string; pos: number } {
  let p = pos;
  while (p < buf.length && WHITESPACES.includes(buf[p])) p++;
  let out = "";
  let end = 0;
  while (p < buf.length && !term.includes(buf[p])) {
    const c = buf[p++];
    if (c === "\\" && p < buf.length) {
      out += buf[p++];
      end = out.length;
    } else if (c === "'") {
      while (p < buf.length && buf[p] !== "'") out += buf[p++];
      if (p < buf.length) {
        p++;
        end = out.length;
      }
    } else out += c;
  }
  while (out.length > end && WHITESPACES.includes(out[out.length - 1])) out = out.slice(0, -1);
  return { token: out, pos: p };
}

type Filter = { inputs: string[]; name: string; options: Record<string, string>; outputs: string[] };

/** libavfilter/graphparser.c, as far as this graph needs: chains of `[in]name=args[out]`, filters split by `,`, chains by `;`. */
function parseGraph(graph: string): Filter[] {
  const filters: Filter[] = [];
  let p = 0;
  const labels = () => {
    const found: string[] = [];
    while (graph[p] === "[") {
      const close = graph.indexOf("]", p);
      found.push(graph.slice(p + 1, close));
      p = close + 1;
    }
    return found;
  };
  while (p < graph.length) {
    const inputs = labels();
    const nameEnd = graph.slice(p).search(/[=,;[]|$/);
    const name = graph.slice(p, p + nameEnd);
    p += nameEnd;
    let args = "";
    if (graph[p] === "=") ({ token: args, pos: p } = getToken(graph, p + 1, "[],;"));
    filters.push({ inputs, name, options: parseOptions(args), outputs: labels() });
    if (graph[p] === "," || graph[p] === ";") p++;
  }
  return filters;
}

/** libavfilter's process_options (av_opt_get_key_value) over a filter's arguments: `key=value` pairs split by `:`; a value without a key is the next positional one (`#0`, `#1` here). */
function parseOptions(args: string): Record<string, string> {
  const options: Record<string, string> = {};
  let p = 0;
  let positional = 0;
  while (p < args.length) {
    const key = /^[A-Za-z0-9_./-]+(?==)/.exec(args.slice(p))?.[0];
    const { token, pos } = getToken(args, key ? p + key.length + 1 : p, ":");
    const name = key ?? `#${positional++}`;
    if (Object.hasOwn(options, name)) throw new Error(`${name} given twice`);
    options[name] = token;
    p = pos + (args[pos] === ":" ? 1 : 0);
  }
  return options;
}

/** Strings a studio (or a machine's paths) might hold that would break out of, or into, a filter graph written naively. */
const HOSTILE = [
  `Studio's "Best" Films`,
  "a:b\\c",
  "100% %{pts} %{localtime}",
  "x,y;z",
  "[out] [0:v]",
  "'; drawtext=text=pwned:fontsize=400",
  "\\'\\\\'",
  "  spaced  ",
  "line\nbreak\tand\rreturn",
  "C:\\Fonts\\My Font.ttf",
  "/tmp/a b/'quoted'/[x],y;z:w.txt",
  "Café 日本 🎬",
  "\\",
  "'",
  "trailing\\",
];

describe("filterValue", () => {
  it.each(HOSTILE)("gives the filter exactly %j, as one option of one filter", (value) => {
    const [filter, ...rest] = parseGraph(`[0:v:0]drawtext=fontfile=${filterValue(value)}:x=1[marked]`);
    expect(rest).toEqual([]);
    expect(filter).toEqual({ inputs: ["0:v:0"], name: "drawtext", options: { fontfile: value, x: "1" }, outputs: ["marked"] });
  });
});

const frame = rungSize({ width: 1920, height: 1080 }, 720);
const text = (t: string, position: BurnIn["position"] = "bottom-right"): BurnIn => ({ text: t, logoFile: null, position, opacity: 40 });

describe("the text mark", () => {
  it.each(HOSTILE)("never writes the studio's text %j into the graph: drawtext reads it, unexpanded, from its file", (hostile) => {
    const graph = markGraph(text(hostile), frame, { textFile: "/tmp/mark/mark.txt", fontFile: "/app/node_modules/next/Geist-Regular.ttf" });
    if (markText(hostile).length > 3) expect(graph).not.toContain(markText(hostile));
    const filters = parseGraph(graph);
    expect(filters.map((f) => f.name)).toEqual(["scale", "format", "drawtext"]);
    const drawtext = filters[2];
    expect(Object.keys(drawtext.options).sort()).toEqual(["alpha", "bordercolor", "borderw", "expansion", "fontcolor", "fontfile", "fontsize", "textfile", "x", "y"]);
    expect(drawtext.options).toMatchObject({ textfile: "/tmp/mark/mark.txt", fontfile: "/app/node_modules/next/Geist-Regular.ttf", expansion: "none", fontcolor: "white", alpha: "0.40" });
    expect(drawtext.outputs).toEqual(["marked"]);
  });

  it.each(HOSTILE)("reaches ffmpeg through files whose paths may hold %j", (hostile) => {
    const [, , drawtext] = parseGraph(markGraph(text("Studio"), frame, { textFile: `/tmp/${hostile}/mark.txt`, fontFile: `${hostile}.ttf` }));
    expect(drawtext.options.textfile).toBe(`/tmp/${hostile}/mark.txt`);
    expect(drawtext.options.fontfile).toBe(`${hostile}.ttf`);
  });

  it("writes one line of at most WATERMARK_TEXT_MAX characters to the file", () => {
    expect(markText("  Studio\nAnna\r\n\tFilms\u0000 ")).toBe("Studio Anna Films");
    expect([...markText("日".repeat(100))]).toHaveLength(WATERMARK_TEXT_MAX);
    expect(markText("\n\t ")).toBe("");
  });

  it("is sized from the frame: 1/12 of its height in the centre, 1/20 in a corner, smaller when long, placed 4 % from the edges and above the control bar's 15 %", () => {
    expect(frame).toEqual({ width: 1280, height: 720 });
    expect(textSize("Studio", "center", frame)).toBe(60);
    expect(textSize("Studio", "top-left", frame)).toBe(36);
    expect(textSize("W".repeat(60), "center", frame)).toBeLessThan(40);
    const at = (position: BurnIn["position"]) => parseGraph(markGraph(text("Studio", position), frame, { textFile: "t", fontFile: "f" }))[2].options;
    expect(at("center")).toMatchObject({ x: "(w-tw)/2", y: "(h-th)/2" });
    expect(at("top-left")).toMatchObject({ x: "29", y: "29" });
    expect(at("bottom-right")).toMatchObject({ x: "w-tw-29", y: "h-th-108" });
    expect(at("bottom-left")).toMatchObject({ x: "29", y: "h-th-108" });
  });
});

describe("the logo mark", () => {
  it.each(WATERMARK_POSITIONS)("lays the logo, at the opacity, %s, over the picture scaled to the top rung", (position) => {
    const filters = parseGraph(markGraph({ ...text("ignored", position), logoFile: "/tmp/a b/logo,1.png", opacity: 90 }, frame, { textFile: "t", fontFile: "f" }));
    expect(filters.map((f) => f.name)).toEqual(["format", "scale", "colorchannelmixer", "scale", "format", "overlay"]);
    expect(filters[0].inputs).toEqual(["1:v:0"]);
    expect(filters[1].options).toEqual({ w: "2*trunc(min(256,iw*180/ih)/2)", h: "-2" });
    expect(filters[2].options).toEqual({ aa: "0.90" });
    expect(filters[3].options).toEqual({ "#0": "1280", "#1": "720" });
    const overlay = filters[5];
    expect(overlay.inputs).toEqual(["picture", "mark"]);
    expect(overlay.outputs).toEqual(["marked"]);
    const expected = {
      center: { x: "(W-w)/2", y: "(H-h)/2" },
      "top-left": { x: "29", y: "29" },
      "top-right": { x: "W-w-29", y: "29" },
      // Above the bottom 15 % of the 720 px frame, where the player's controls lie.
      "bottom-left": { x: "29", y: "H-h-108" },
      "bottom-right": { x: "W-w-29", y: "H-h-108" },
    }[position];
    expect(overlay.options).toMatchObject(expected);
  });
});

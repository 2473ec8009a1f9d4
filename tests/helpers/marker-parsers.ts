// Readers of the marker files (issue 40 item 6, lib/services/review/rules/markers.ts), written from the published
// formats and sharing no code with the writers: an RFC 4180 CSV reader, a CMX 3600 reader for the
// events and ` |C: |M: |D:` lines Resolve writes, SMPTE timecode read back to a frame number, and a
// strict XML 1.0 parser (saxes, jsdom's own, installed with jest-environment-jsdom) that refuses
// malformed markup: unbalanced tags, a raw < or &, unquoted attributes, characters XML cannot hold.
import { SaxesParser } from "saxes";

/** RFC 4180: records end in CRLF, a quoted field may hold commas, CRLF and doubled quotes; anything else is an error. */
export function parseCsv(text: string): { bom: boolean; rows: string[][] } {
  const bom = text.startsWith("\uFEFF");
  const s = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < s.length) {
    let field = "";
    if (s[i] === '"') {
      i++;
      for (;;) {
        if (i >= s.length) throw new Error("CSV: unterminated quoted field");
        if (s[i] === '"') {
          if (s[i + 1] !== '"') break;
          field += '"';
          i += 2;
        } else field += s[i++];
      }
      i++; // the closing quote
    } else {
      while (i < s.length && s[i] !== "," && s[i] !== "\r") {
        if (s[i] === '"' || s[i] === "\n") throw new Error(`CSV: ${JSON.stringify(s[i])} in an unquoted field at ${i}`);
        field += s[i++];
      }
    }
    row.push(field);
    if (s[i] === ",") {
      i++;
      if (i >= s.length) throw new Error("CSV: a comma ends the file");
    } else if (s.startsWith("\r\n", i)) {
      i += 2;
      rows.push(row);
      row = [];
    } else if (i >= s.length) {
      rows.push(row);
    } else throw new Error(`CSV: ${JSON.stringify(s[i])} after a field at ${i}`);
  }
  return { bom, rows };
}

export type EdlEvent = {
  /** The event line as written, for its columns. */
  line: string;
  number: number;
  reel: string;
  channel: string;
  transition: string;
  sourceIn: string;
  sourceOut: string;
  recordIn: string;
  recordOut: string;
  /** Resolve's marker line: the note before the first '|', the colour, the marker's name, its length in frames. */
  note: string;
  color: string;
  name: string;
  duration: number;
};

const TC = "(\\d{2}:\\d{2}:\\d{2}[:;]\\d{2})";
const EVENT = new RegExp(`^(\\d{3,}) +(\\S{1,8}) +(V|A|A2|B|AA|AA/V) +(C|D|W\\d{3}|K) +${TC} ${TC} ${TC} ${TC} *$`);
const MARKER = /^(.*) \|C:(ResolveColor[A-Za-z]+) \|M:(.*) \|D:(\d+)$/;

/** A CMX 3600 EDL of Resolve markers: TITLE and FCM lines, then events each followed by its marker line, blank lines between. */
export function parseEdl(text: string): { title: string; fcm: string; events: EdlEvent[] } {
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) throw new Error("EDL: a control character or a line break other than LF");
  if (!text.endsWith("\n")) throw new Error("EDL: the last line does not end");
  const lines = text.slice(0, -1).split("\n");
  const title = lines[0]?.match(/^TITLE: (.*)$/)?.[1];
  const fcm = lines[1]?.match(/^FCM: (DROP FRAME|NON-DROP FRAME)$/)?.[1];
  if (title === undefined || fcm === undefined) throw new Error("EDL: no TITLE and FCM lines");
  const events: EdlEvent[] = [];
  for (let i = 2; i < lines.length; i++) {
    if (lines[i] === "") continue;
    const e = lines[i].match(EVENT);
    const m = lines[i + 1]?.match(MARKER);
    if (!e || !m) throw new Error(`EDL: line ${i + 1} is not an event followed by its marker: ${JSON.stringify(lines.slice(i, i + 2))}`);
    events.push({
      line: lines[i],
      number: Number(e[1]),
      reel: e[2],
      channel: e[3],
      transition: e[4],
      sourceIn: e[5],
      sourceOut: e[6],
      recordIn: e[7],
      recordOut: e[8],
      note: m[1],
      color: m[2],
      name: m[3],
      duration: Number(m[4]),
    });
    i++;
  }
  return { title, fcm, events };
}

/**
 * SMPTE timecode back to a frame number. Drop frame (';' before the frames) counts `drop` fewer
 * frame numbers in every minute not divisible by ten (2 at 29.97, 4 at 59.94), and those labels
 * do not exist; a malformed or impossible timecode is an error.
 */
export function timecodeToFrame(tc: string, timebase: number, dropFrame: boolean): number {
  const m = tc.match(dropFrame ? /^(\d{2,}):(\d{2}):(\d{2});(\d{2,})$/ : /^(\d{2,}):(\d{2}):(\d{2}):(\d{2,})$/);
  if (!m) throw new Error(`timecode ${tc}: not ${dropFrame ? "HH:MM:SS;FF" : "HH:MM:SS:FF"}`);
  const [h, min, s, f] = m.slice(1).map(Number);
  if (min > 59 || s > 59 || f >= timebase) throw new Error(`timecode ${tc}: out of range`);
  const drop = dropFrame ? Math.round(timebase / 15) : 0;
  const minutes = h * 60 + min;
  if (drop && s === 0 && min % 10 !== 0 && f < drop) throw new Error(`timecode ${tc}: a label drop frame skips`);
  return (minutes * 60 + s) * timebase + f - drop * (minutes - Math.floor(minutes / 10));
}

export type XmlNode = { name: string; attributes: Record<string, string>; children: XmlNode[]; text: string };

/** A strict XML 1.0 parse: the document's doctype and its root element as a tree (text: the element's own character data). */
export function parseXml(xml: string): { declaration: { version?: string; encoding?: string }; doctype: string | null; root: XmlNode } {
  const parser = new SaxesParser();
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let doctype: string | null = null;
  let declaration = {};
  let error: Error | null = null;
  parser.on("error", (e) => {
    error ??= e;
  });
  parser.on("xmldecl", (d) => (declaration = { version: d.version, encoding: d.encoding }));
  parser.on("doctype", (d) => (doctype = d.trim()));
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, children: [], text: "" };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("closetag", () => void stack.pop());
  parser.on("text", (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on("cdata", (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.write(xml).close();
  if (error) throw error;
  if (!root) throw new Error("XML: no root element");
  return { declaration, doctype, root };
}

/** The children of `node` named `name`. */
export const childrenNamed = (node: XmlNode, name: string): XmlNode[] => node.children.filter((c) => c.name === name);

/** The one element at `path` ("a/b/c") under `node`: an error when there is none or more than one. */
export function at(node: XmlNode, path: string): XmlNode {
  return path.split("/").reduce((n, name) => {
    const found = childrenNamed(n, name);
    if (found.length !== 1) throw new Error(`XML: ${found.length} <${name}> in <${n.name}>`);
    return found[0];
  }, node);
}

/** An FCPXML time ("359359/30000s", "5s", "0s") as a fraction of seconds. */
export function fcpTime(value: string): { num: number; den: number } {
  const m = value.match(/^(\d+)(?:\/(\d+))?s$/);
  if (!m) throw new Error(`FCPXML time ${value}: not a rational number of seconds`);
  return { num: Number(m[1]), den: Number(m[2] ?? 1) };
}

/** An FCPXML time in frames of `frameDuration` ("1001/30000s"): an error unless it is a whole number of frames. */
export function fcpFrames(value: string, frameDuration: string): number {
  const t = fcpTime(value);
  const d = fcpTime(frameDuration);
  const frames = (t.num * d.den) / (t.den * d.num);
  if (!Number.isInteger(frames)) throw new Error(`FCPXML time ${value} is not on a frame of ${frameDuration}`);
  return frames;
}

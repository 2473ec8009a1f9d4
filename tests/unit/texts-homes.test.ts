/**
 * The texts' homes: TEXTS is put together from one module per domain (lib/texts/), the guest mails'
 * words from one module per language (lib/mail/guest-texts/). Every text lives in exactly one
 * module, each module part of TEXTS is in it unchanged, and no texts module grows past 300 lines
 * (the viewer's catalogues included): a new text goes into the module of what it is about.
 */
import fs from "node:fs";
import path from "node:path";
import { TEXTS } from "@/lib/texts";
import { VIEWER_TEXTS } from "@/lib/viewer-i18n/english";

const ROOT = path.join(__dirname, "..", "..");
const MAX_LINES = 300;
const TEXT_FOLDERS = ["lib/texts", "lib/mail/guest-texts", "lib/viewer-i18n"];
/** TEXTS's own keys that replace the viewer's English: the studio's review panel under TEXTS.review. */
const REPLACES_VIEWER = ["review"];

const filesOf = (folder: string) =>
  fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => `${folder}/${f.split(path.sep).join("/")}`)
    .sort();

const lineCount = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8").replace(/\n$/, "").split("\n").length;

/** Each module of lib/texts/ (its index aside) and what it defines: a TEXTS part's keys, else its exports' names. */
async function homes(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const file of filesOf("lib/texts").filter((f) => !f.endsWith("/index.ts"))) {
    const mod = (await import(`@/${file.replace(/\.tsx?$/, "")}`)) as Record<string, unknown>;
    const names: string[] = [];
    for (const [name, value] of Object.entries(mod)) {
      const isPart = value !== null && typeof value === "object" && name.endsWith("Texts");
      names.push(...(isPart ? Object.keys(value as object) : [name]));
    }
    out.set(file, names);
  }
  return out;
}

describe("the texts' homes", () => {
  it("keeps every texts module at 300 lines or fewer", () => {
    const files = TEXT_FOLDERS.flatMap(filesOf);
    expect(files.length).toBeGreaterThan(10);
    const tooLong = files.map((f) => `${f}: ${lineCount(f)} lines`).filter((line) => Number(line.split(": ")[1].split(" ")[0]) > MAX_LINES);
    expect(tooLong).toEqual([]);
  });

  it("defines each text (a TEXTS key, or an export) in one module only", async () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, names] of await homes()) {
      for (const name of names) {
        const first = seen.get(name);
        if (first) twice.push(`${name}: ${first} and ${file}`);
        else seen.set(name, file);
      }
    }
    expect(twice).toEqual([]);
  });

  it("puts every module part into TEXTS as it is, and nothing else beside the viewer's English", async () => {
    const fromModules = new Map<string, unknown>();
    for (const file of filesOf("lib/texts").filter((f) => !f.endsWith("/index.ts"))) {
      const mod = (await import(`@/${file.replace(/\.tsx?$/, "")}`)) as Record<string, unknown>;
      for (const [name, part] of Object.entries(mod))
        if (name.endsWith("Texts") && part !== null && typeof part === "object") for (const [key, text] of Object.entries(part)) fromModules.set(key, text);
    }
    const texts = TEXTS as Record<string, unknown>;
    const notAsDefined = [...fromModules].filter(([key, text]) => texts[key] !== text).map(([key]) => key);
    expect(notAsDefined).toEqual([]);
    const orphans = Object.keys(texts).filter((key) => !fromModules.has(key) && !(key in VIEWER_TEXTS));
    expect(orphans).toEqual([]);
    const shadowing = [...fromModules.keys()].filter((key) => key in VIEWER_TEXTS);
    expect(shadowing).toEqual(REPLACES_VIEWER);
  });
});

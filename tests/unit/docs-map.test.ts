// docs/architecture.md is a map a newcomer reads in ten minutes, with the deep dives in
// docs/architecture/: it stays at 500 lines or fewer, and neither it nor a deep dive has a line over
// 200 characters. Every relative link in docs/*.md and docs/architecture/*.md reaches a file that
// exists, and a link's #anchor a heading of that file (GitHub's heading ids), so a section that
// moves takes its links with it.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const docs = path.join(root, "docs");
const MAP = path.join(docs, "architecture.md");
const MAX_MAP_LINES = 500;
const MAX_LINE = 200;

const markdownIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join(dir, name));
const deepDives = () => markdownIn(path.join(docs, "architecture"));
const allDocs = () => [...markdownIn(docs), ...deepDives()];
const rel = (file: string) => path.relative(root, file);
const lines = (file: string) => fs.readFileSync(file, "utf8").replace(/\n$/, "").split("\n");

/** The text outside fenced code blocks and inline code spans (links there are examples). */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's ids of a file's headings (lower case, punctuation dropped, spaces as hyphens, repeats numbered) and its `<a id>`s. */
function headingIds(file: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const text = fs.readFileSync(file, "utf8").replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, "");
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const shown = match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*_]/g, (c) => (c === "_" ? "_" : ""));
    const base = shown
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(match[1]); // an anchor written by hand
  return ids;
}

/** Relative links of a markdown file: [text](target), text possibly across lines. */
function relativeLinks(file: string): { target: string; anchor?: string }[] {
  const links: { target: string; anchor?: string }[] = [];
  for (const match of prose(fs.readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const href = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) continue; // https:, mailto:, an app path
    const [target, anchor] = href.split("#");
    links.push({ target, anchor });
  }
  return links;
}

describe("the architecture map", () => {
  it(`docs/architecture.md has at most ${MAX_MAP_LINES} lines`, () => {
    expect(lines(MAP).length).toBeLessThanOrEqual(MAX_MAP_LINES);
  });

  it(`the map and its deep dives have no line over ${MAX_LINE} characters`, () => {
    const long = [MAP, ...deepDives()].flatMap((file) => lines(file).flatMap((line, i) => ([...line].length > MAX_LINE ? [`${rel(file)}:${i + 1} (${[...line].length})`] : [])));
    expect(long).toEqual([]);
  });

  it("has deep dives beside it, each linked from the map", () => {
    const linked = new Set(relativeLinks(MAP).map((link) => path.resolve(docs, link.target)));
    expect(deepDives().length).toBeGreaterThan(0);
    expect(
      deepDives()
        .filter((file) => !linked.has(file))
        .map(rel),
    ).toEqual([]);
  });

  it("every relative link in docs/ reaches an existing file and heading", () => {
    const broken: string[] = [];
    for (const file of allDocs()) {
      for (const { target, anchor } of relativeLinks(file)) {
        const to = target === "" ? file : path.resolve(path.dirname(file), decodeURI(target));
        if (!fs.existsSync(to)) {
          broken.push(`${rel(file)} → ${target} (no such file)`);
          continue;
        }
        if (anchor && to.endsWith(".md") && !headingIds(to).has(anchor)) broken.push(`${rel(file)} → ${target}#${anchor} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every test the docs name as a guard exists (an invariant's guard that went is a claim nobody checks)", () => {
    const missing = allDocs().flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\btests\/(?:unit|integration|e2e)\/[\w.-]+\.(?:test|spec)\.tsx?/g)]
        .map((m) => m[0])
        .filter((test) => !fs.existsSync(path.join(root, test)))
        .map((test) => `${rel(file)} → ${test}`),
    );
    expect(missing).toEqual([]);
  });
});

// Comments and docs speak of the product, not of the tracker: "(issue 41 item 3)" tells a maintainer
// nothing they can look up, "Paid delivery: the watermarked previews" does. This test reads every
// source and documentation file of the app (tests/ may keep their references) and fails, naming
// file:line, for "issue 39", "issues 40 and 41", "Issue 36 item 5", "(#17.7)", or an "issue" at the
// end of a line whose number starts the next one.
import { readSource, sourceFiles } from "../helpers/source-scan";

/** What is read: the app, its scripts, benches, schema and docs. */
const SCANNED = [
  "app",
  "lib",
  "components",
  "pages",
  "server",
  "scripts",
  "proxy.ts",
  "instrumentation.ts",
  "bench",
  "prisma",
  ".dependency-cruiser.cjs",
  "eslint.config.mjs",
  "next.config.ts",
  "README.md",
  "docs",
];
const TEXT_FILES = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|md|prisma|sql)$/;

/**
 * Never read: a bench's recorded runs (data, not prose), and the applied migrations — history that
 * Prisma checksums: an edited migration.sql makes `prisma migrate dev` on every database that applied
 * it report the migration as modified and ask for a reset.
 */
const NOT_SCANNED = ["bench/results/", "prisma/migrations/"];

const REFERENCE = /\bissues? #?\d+|(^|[\s(])#\d+\.\d+\b/i;
const ENDS_WITH_ISSUE = /\bissues?\s*$/i;
const STARTS_WITH_NUMBER = /^\s*(?:\/\/\/?|\*|--|#)?\s*#?\d/;

/** The issue references in one file's text, as "line: the line, trimmed". */
export function issueReferences(text: string): string[] {
  const lines = text.split("\n");
  return lines.flatMap((line, i) => (REFERENCE.test(line) || (ENDS_WITH_ISSUE.test(line) && STARTS_WITH_NUMBER.test(lines[i + 1] ?? "")) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("no issue numbers in the app's comments and docs", () => {
  it("finds each way of writing one, and nothing else", () => {
    const text = [
      "// The audience (issue 55 item 2): …",
      "/** Issue 39: a batch playable together. */",
      "-- Paid delivery (issues 41 and 42)",
      "the sweep of unowned objects (#17.7) removes it.",
      "// a resumed upload never completed (issue",
      "// 55 item 3). Here",
      "// A tissue 5 cm wide, colour #333, the provider issues refunds, step 2.",
    ].join("\n");
    expect(issueReferences(text).map((hit) => hit.split(":")[0])).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("finds none outside tests/ (file:line of each)", () => {
    const files = sourceFiles(SCANNED, TEXT_FILES).filter((f) => !NOT_SCANNED.some((p) => f.startsWith(p)));
    expect(files.length).toBeGreaterThan(500);
    const hits = files.flatMap((f) => issueReferences(readSource(f)).map((hit) => `${f}:${hit}`));
    expect(hits).toEqual([]);
  });
});

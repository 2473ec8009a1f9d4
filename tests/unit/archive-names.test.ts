/**
 * The names in a gallery's Download all ZIP (issue 23, lib/services/public/rules/archive-names.ts): every title becomes a
 * name every system can save (no folder separators, nothing Windows refuses, bounded), and two films
 * never share a name, whatever their titles.
 */
import fc from "fast-check";
import { ARCHIVE_NAME_MAX, archiveBase, attachmentDisposition, originalExtension, uniqueBases } from "@/lib/services/public/rules/archive-names";

describe("archive names", () => {
  it("keeps a title's own letters and takes out what a file name cannot hold", () => {
    expect(archiveBase("Cérémonie à l'église")).toBe("Cérémonie à l'église");
    expect(archiveBase("First dance / Last dance")).toBe("First dance - Last dance");
    expect(archiveBase('a\\b:c*d?e"f<g>h|i')).toBe("a-b-c-d-e-f-g-h-i");
    expect(archiveBase("../../etc/passwd")).toBe("etc-passwd");
    expect(archiveBase("  trailing dots... ")).toBe("trailing dots");
    expect(archiveBase("tab\there\nnewline")).toBe("tab here newline");
    expect(archiveBase("CON")).toBe("_CON");
    expect(archiveBase("")).toBe("Film");
    expect(archiveBase("///")).toBe("Film");
    expect(Array.from(archiveBase("é".repeat(500)))).toHaveLength(ARCHIVE_NAME_MAX);
    expect(originalExtension("a/b/clip.MOV")).toBe("mov");
    expect(originalExtension("a/b/clip")).toBe("mp4");
  });

  it("numbers films of the same title, letter case aside", () => {
    expect(uniqueBases(["Ceremony", "ceremony", "Ceremony", "Ceremony (2)", "Party/Dance", "Party-Dance"])).toEqual([
      "Ceremony",
      "ceremony (2)",
      "Ceremony (3)",
      "Ceremony (2) (2)",
      "Party-Dance",
      "Party-Dance (2)",
    ]);
  });

  it("gives any list of titles names that are all different, safe and bounded", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 150 }), fc.constantFrom("A", "a", "A/B", "A-B", "", ".", "CON", "Film")), { maxLength: 40 }), (titles) => {
        const names = uniqueBases(titles);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(titles.length);
        for (const n of names) {
          expect(n).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]/);
          expect(n).not.toMatch(/^[\s.]|[\s.]$/);
          expect(n.length).toBeGreaterThan(0);
          expect(Array.from(n).length).toBeLessThanOrEqual(ARCHIVE_NAME_MAX + 8);
        }
      }),
    );
  });
});

describe("attachmentDisposition", () => {
  it("keeps the exact name in RFC 5987 form and an ASCII fallback no name can break out of", () => {
    expect(attachmentDisposition("Ana & Ben v1 markers.csv")).toBe(`attachment; filename="Ana & Ben v1 markers.csv"; filename*=UTF-8''Ana%20%26%20Ben%20v1%20markers.csv`);
    const hostile = attachmentDisposition('Zoë "x"; filename=evil.exe\\\r\n.csv');
    expect(hostile.split("; filename*=")[0]).toBe('attachment; filename="Zoe _x_; filename=evil.exe___.csv"');
    expect(decodeURIComponent(hostile.split("UTF-8''")[1])).toBe('Zoë "x"; filename=evil.exe\\\r\n.csv');
    expect(hostile).not.toMatch(/[\r\n]/);
  });

  it("writes the exact name with RFC 5987 attr-chars only: an apostrophe or brackets cannot end its charset prefix", () => {
    const header = attachmentDisposition("Anna's Wedding (final)*.mp4");
    const exact = header.split("; filename*=UTF-8''")[1];
    expect(exact).toBe("Anna%27s%20Wedding%20%28final%29%2A.mp4");
    expect(exact).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(decodeURIComponent(exact)).toBe("Anna's Wedding (final)*.mp4");
  });
});

describe("a film's download (issue 57 item 8)", () => {
  it("is sent as the title as typed in filename*, with an ASCII fallback", () => {
    const header = attachmentDisposition("Ceremony - Anna & Ben.mp4");
    expect(header).toBe(`attachment; filename="Ceremony - Anna & Ben.mp4"; filename*=UTF-8''Ceremony%20-%20Anna%20%26%20Ben.mp4`);
    expect(attachmentDisposition("Cérémonie.mp4")).toBe(`attachment; filename="Ceremonie.mp4"; filename*=UTF-8''C%C3%A9r%C3%A9monie.mp4`);
  });
});

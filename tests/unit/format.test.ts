import { clampTimePart, formatCuePoint, padTimePart, parseChapterCue, parseCuePoint, partsFromSeconds, secondsFromParts } from "@/lib/services/films/rules/cue";
import { downloadFileName } from "@/lib/storage/downloads";
import { archiveBase } from "@/lib/services/public/rules/archive-names";
import { adminCreditUnitsToMb, bytesToMb, formatAdminCreditUnits, formatCredits, formatDateTime, formatPrice, mbToBytes, sizeUnit, formatBytes } from "@/lib/format";

describe("formatCredits (1024 MB shows GB, 1 MB shows MB, below shows KB, two decimals)", () => {
  it.each([
    [1024, "1.00 GB"],
    [1023.99, "1023.99 MB"],
    [1536, "1.50 GB"],
    [1, "1.00 MB"],
    [0.99, "1013.76 KB"],
    [0.5, "512.00 KB"],
    [0, "0.00 KB"],
    [25600, "25.00 GB"],
    [5242880, "5120.00 GB"],
  ])("%p MB → %p", (mb, shown) => {
    expect(formatCredits(mb)).toBe(shown);
  });
});

describe("one unit rule for every storage figure (issue 39 item 4)", () => {
  it.each([
    [1024, { value: 1, unit: "GB" }],
    [1023.99, { value: 1023.99, unit: "MB" }],
    [1, { value: 1, unit: "MB" }],
    [0.5, { value: 512, unit: "KB" }],
  ])("sizeUnit(%p MB) → %p", (mb, shown) => expect(sizeUnit(mb)).toEqual(shown));

  it("formats bytes as credits are formatted: an upload's size, a file's, an export's", () => {
    expect(formatBytes(2147483648)).toBe("2.00 GB");
    expect(formatBytes(BigInt(2147483648))).toBe(formatCredits(2048));
    expect(formatBytes(41 * 1048576)).toBe("41.00 MB");
    expect(formatBytes(512 * 1024)).toBe("512.00 KB");
  });

  it("is the only size formatter: no other module of the app divides by 1048576 or 1e6/1e9 to show a size", () => {
    const fs = jest.requireActual<typeof import("node:fs")>("node:fs");
    const path = jest.requireActual<typeof import("node:path")>("node:path");
    const root = path.resolve(__dirname, "../..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (/\.tsx?$/.test(e.name) && rel !== path.join("lib", "format.ts")) {
          const text = fs.readFileSync(path.join(root, rel), "utf8");
          // A size turned into text by hand: MB/GB/KB written after a computed figure.
          if (/\.toFixed\(\d\)\}? ?(GB|MB|KB)\b|\/ ?(1048576|1e6|1e9)\)?\.toFixed|(1048576|1e6|1e9)\)\.format|\/ ?(1e3|1e6|1e9)\b.*(byte|GB|MB|KB)|formatUploadSize/.test(text)) offenders.push(rel);
        }
      }
    };
    for (const dir of ["app", "components", "lib"]) walk(dir);
    expect(offenders).toEqual([]);
  });
});

describe("super-admin credit units (÷1024 ÷5, two decimals)", () => {
  it("shows credits divided by 1024 and by 5", () => {
    expect(formatAdminCreditUnits(25600)).toBe("5.00");
    expect(formatAdminCreditUnits(1048576)).toBe("204.80");
    expect(formatAdminCreditUnits(0)).toBe("0.00");
  });
  it("converts an edited value back so that it shows the same again", () => {
    for (const units of [0.01, 0.5, 1, 3.33, 204.8, 999.99]) {
      const bytes = mbToBytes(adminCreditUnitsToMb(units));
      expect(formatAdminCreditUnits(bytesToMb(bytes))).toBe(units.toFixed(2));
    }
  });
});

describe("bytes and MB", () => {
  it("converts exactly on whole MB", () => {
    expect(mbToBytes(1)).toBe(BigInt(1048576));
    expect(bytesToMb(BigInt(1048576 * 1024))).toBe(1024);
    expect(bytesToMb(524288)).toBe(0.5);
  });
});

describe("formatDateTime", () => {
  it("formats like 'Mar 5, 2025 3:07 PM'", () => {
    expect(formatDateTime(new Date(2025, 2, 5, 15, 7))).toBe("Mar 5, 2025 3:07 PM");
    expect(formatDateTime(new Date(2025, 0, 5, 0, 7))).toBe("Jan 5, 2025 12:07 AM");
    expect(formatDateTime(new Date(2025, 11, 25, 12, 0))).toBe("Dec 25, 2025 12:00 PM");
  });
});

describe("formatPrice", () => {
  it("shows whole dollars without cents", () => {
    expect(formatPrice(3500)).toBe("$35");
    expect(formatPrice(7950)).toBe("$79.50");
  });
});

describe("chapter times", () => {
  it("parses h:m:s, m:s and seconds, and the inputs' 0–60 parts", () => {
    expect(parseChapterCue("01:02:03")).toBe(3723);
    expect(parseChapterCue("00:00:60")).toBe(60);
    expect(parseChapterCue("60:60:60")).toBe(60 * 3600 + 3660);
    expect(parseChapterCue("2:05")).toBe(125);
    expect(parseChapterCue(" 90 ")).toBe(90);
    for (const bad of ["", "a", "1:2:3:4", "00:61:00", "-1", "1.5", "1:60", "::", "01:02:"]) expect(parseChapterCue(bad)).toBeNull();
  });

  it("parses cue points: h:m:s, m:s or seconds, refusing bad values", () => {
    expect(parseCuePoint("1:00:00")).toBe(3600);
    expect(parseCuePoint("0:10")).toBe(10);
    expect(parseCuePoint("10")).toBe(10);
    for (const bad of ["1:60", "1:2:60", "x", "", "1:2:3:4", "-3"]) expect(parseCuePoint(bad)).toBeNull();
  });

  it("keeps time inputs within 0–60 and pads them to two digits", () => {
    expect([-4, 0, 7, 60, 61, 1000].map(clampTimePart)).toEqual([0, 0, 7, 60, 60, 60]);
    expect(clampTimePart("abc")).toBe(0);
    expect(clampTimePart("09")).toBe(9);
    expect([0, 5, 42, 60, 99].map(padTimePart)).toEqual(["00", "05", "42", "60", "60"]);
    expect(secondsFromParts(1, 2, 3)).toBe(3723);
    expect(partsFromSeconds(3723.9)).toEqual([1, 2, 3]);
    expect(formatCuePoint(65.7)).toBe("00:01:05");
  });

  it("names downloads after the title as typed, by Download all's rule, with the file's extension (issue 57 item 8)", () => {
    expect(downloadFileName("First dance", "a/b/c/first_dance_x1.MOV")).toBe("First dance.mov");
    expect(downloadFileName("Ceremony - Anna & Ben", "k/ceremony.mp4")).toBe("Ceremony - Anna & Ben.mp4");
    expect(downloadFileName("Cérémonie à l'église", "k/x.webm")).toBe("Cérémonie à l'église.webm");
    // What a file name cannot hold goes as in the ZIP (archiveBase): the same name either way.
    expect(downloadFileName('a/b:c*?"<>|', "k/x.mp4")).toBe(`${archiveBase('a/b:c*?"<>|')}.mp4`);
    expect(downloadFileName("First Dance: Emma & James", "k/x.mp4")).toBe("First Dance- Emma & James.mp4");
    expect(downloadFileName("clip.mp4", "k/x.mp4")).toBe("clip.mp4");
    expect(downloadFileName("   ", "k/noext")).toBe("Film.mp4");
  });
});

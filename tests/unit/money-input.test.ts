// Money inputs take amounts as people type them in their locale, and refuse the others.
import { minorUnits, typedExample } from "@/lib/services/money/rules/paid-delivery";

describe("minorUnits: an amount as typed", () => {
  it.each([
    ["1,200", 120000],
    ["1 200,50", 120050],
    ["1200.50", 120050],
    ["1200,5", 120050],
    ["1.200,50", 120050],
    ["1,200.50", 120050],
    ["1'200.50", 120050],
    ["1\u202f200,50", 120050],
    ["1\u00a0200", 120000],
    ["€1,200", 120000],
    ["1 200,50 €", 120050],
    ["EUR 900", 90000],
    ["900 eur", 90000],
    ["1.200", 120000],
    ["1.005", 100500],
    ["12.000.000", 1200000000],
    ["0,50", 50],
    ["900", 90000],
    ["  75.5 ", 7550],
    ["1200.", 120000],
  ])("%j → %i cents", (typed, cents) => expect(minorUnits(typed, "eur")).toBe(cents));

  it.each(["", "abc", "-5", "1.2.3,4,5", "1,20,0", "12,34.56,7", "1,2345", "€", "1e3", ".50", "1 2 3", "1 200.000,50", "12 34", "1,200.50.10", "9999999999"])("refuses %j", (typed) =>
    expect(minorUnits(typed, "eur")).toBeNull(),
  );

  it("yen has no decimals: 120,000 is a number, 1.5 is refused", () => {
    expect(minorUnits("120,000", "jpy")).toBe(120000);
    expect(minorUnits("¥120 000", "jpy")).toBe(120000);
    expect(minorUnits("1.5", "jpy")).toBeNull();
  });

  it("the error's example is written as the studio's locale writes it", () => {
    expect(typedExample("eur", "en")).toBe("1,200.50");
    expect(typedExample("eur", "fr").replace(/\s/g, " ")).toBe("1 200,50");
    expect(typedExample("eur", "de")).toBe("1.200,50");
    expect(typedExample("jpy", "en")).toBe("120,000");
    expect(typedExample("eur", "not a locale")).toBe("1,200.50");
  });
});

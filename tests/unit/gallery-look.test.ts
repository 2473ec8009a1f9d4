// A gallery's look (lib/services/galleries/rules/gallery-look.ts, issue 39 item 5): colours only as #rrggbb, a focal point
// in whole percent, the WCAG contrast the editor warns with, and the ink drawn on the accent.
import { contrastRatio, inkOn, lookColumns, lookOf, lookVariables, objectPosition, textPassesAA } from "@/lib/services/galleries/rules/gallery-look";
import { galleryLookSchema, hexColourSchema, lookChangeSchema } from "@/lib/validation/gallery-look";

describe("the colours and focal point accepted", () => {
  it("takes #rrggbb, lower-cased, and nothing else", () => {
    expect(hexColourSchema.parse("#A1B2C3")).toBe("#a1b2c3");
    for (const bad of ["#abc", "a1b2c3", "#a1b2c3ff", "red", "#ggg000", "#12345", "url(x)", "#000000;color:red", ""]) expect(hexColourSchema.safeParse(bad).success).toBe(false);
  });

  it("takes a focal point of whole percent from 0 to 100, and no other key", () => {
    expect(galleryLookSchema.parse({ accent: null, text: "#ffffff", focus: { x: 0, y: 100 } })).toEqual({ accent: null, text: "#ffffff", focus: { x: 0, y: 100 } });
    for (const focus of [{ x: -1, y: 50 }, { x: 50, y: 101 }, { x: 12.5, y: 50 }, { x: "50", y: 50 }, { x: 50 }, { x: 1, y: 1, z: 1 }]) {
      expect(galleryLookSchema.safeParse({ accent: null, text: null, focus }).success).toBe(false);
    }
  });

  it("a change names at least one part; a colour may return to the page's own (null)", () => {
    expect(lookChangeSchema.safeParse({}).success).toBe(false);
    expect(lookChangeSchema.parse({ accent: null })).toEqual({ accent: null });
    expect(lookColumns({ accent: null, focus: { x: 10, y: 90 } })).toEqual({ accentColor: null, focusX: 10, focusY: 90 });
    expect(lookOf({ accentColor: "#112233", textColor: null, focusX: 10, focusY: 90 })).toEqual({ accent: "#112233", text: null, focus: { x: 10, y: 90 } });
  });
});

describe("contrast", () => {
  it("is WCAG's ratio: 21 for black on white, 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  it("warns for dark text on the page's dark background, not for light text", () => {
    expect(textPassesAA("#ffffff")).toBe(true);
    expect(textPassesAA("#f5e6c8")).toBe(true);
    expect(textPassesAA("#333333")).toBe(false);
    expect(textPassesAA("#1e3a8a")).toBe(false);
  });

  it("draws the accent button's label in whichever of black and white contrasts more", () => {
    expect(inkOn("#ffffff")).toBe("#09090b");
    expect(inkOn("#f5c518")).toBe("#09090b");
    expect(inkOn("#1e3a8a")).toBe("#ffffff");
  });

  it("places the cover by its focal point, and sets only the colours chosen as the page's variables", () => {
    expect(objectPosition({ x: 20, y: 75 })).toBe("20% 75%");
    expect(lookVariables({ accent: null, text: null, focus: { x: 50, y: 50 } })).toEqual({});
    expect(lookVariables({ accent: "#1e3a8a", text: "#f5e6c8", focus: { x: 50, y: 50 } })).toEqual({ "--look-accent": "#1e3a8a", "--look-accent-ink": "#ffffff", "--look-text": "#f5e6c8" });
  });
});

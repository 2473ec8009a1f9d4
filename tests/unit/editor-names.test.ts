// Issue 39 item 8: the editor names each concept once (TEXTS), keeping the spec's fixed texts.
import { GALLERY_SECTIONS } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

describe("the editor's names", () => {
  it("names every section once, with the spec's names where it fixes them", () => {
    const names = GALLERY_SECTIONS.map((s) => TEXTS.gallerySections[s.slug]);
    expect(names.every((n) => n.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(TEXTS.gallerySections).toMatchObject({ music: "Ambient Music", styles: "Gallery Styles", deliver: "Link" });
  });

  it("calls the showcase by the name of its Add button (spec: 'Add to Show Case') wherever it is named", () => {
    const name = TEXTS.gallerySections.linkmediamain;
    expect(TEXTS.addToShowcase).toBe("Add to Show Case");
    expect(TEXTS.addToShowcase.endsWith(name)).toBe(true);
    for (const text of [TEXTS.showcase.empty, TEXTS.showcase.order, TEXTS.showcase.remove("Ceremony"), TEXTS.showcaseSaveFailed]) expect(text).toContain(name);
    // The description ties it to the heading its guests see.
    expect(TEXTS.showcase.description).toContain(TEXTS.gallery.featuredFilms);
  });
});

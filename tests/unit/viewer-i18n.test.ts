/**
 * The viewer in the guest's language (issue 22 item 3): which language a request gets
 * (lib/viewer-i18n/language.cjs, shared by proxy.ts, the front cache and the pages), and the six
 * catalogues (lib/viewer-i18n): the same texts everywhere, the same placeholders, every plural
 * form a language needs, every word of Vidstack's layout; counts and dates per locale.
 */
import fc from "fast-check";
import { VIEWER_CATALOGUES, VIEWER_LANGUAGE_CODES, viewerLocale } from "@/lib/viewer-i18n";
import { en } from "@/lib/viewer-i18n/en";
import { around, fill, viewerFormat } from "@/lib/viewer-i18n/format";

const { negotiateLanguage, languageSegment, languageParam, parseSegment, pageLanguage, localizedRoute, unlocalizedPath } = require("@/lib/viewer-i18n/language.cjs");

describe("the request's language", () => {
  it("follows Accept-Language by weight and primary subtag, English when none is a viewer language", () => {
    expect(negotiateLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("fr");
    expect(negotiateLanguage("en;q=0.4, de;q=0.9")).toBe("de");
    expect(negotiateLanguage("pt-BR")).toBe("pt");
    expect(negotiateLanguage("ES-mx")).toBe("es");
    expect(negotiateLanguage("ja, zh;q=0.9, it;q=0.1")).toBe("it");
    expect(negotiateLanguage("ja, zh")).toBe("en");
    expect(negotiateLanguage("*")).toBe("en");
    expect(negotiateLanguage("fr;q=0, de;q=0.5")).toBe("de");
    expect(negotiateLanguage("fr;q=0")).toBe("en");
    expect(negotiateLanguage("de, fr")).toBe("de");
    for (const bad of [undefined, null, "", ";;;", "q=1", "fr;q=abc", ",,,,", "x".repeat(10_000)]) expect(negotiateLanguage(bad)).toMatch(/^(en|fr)$/);
  });

  it("always answers a viewer language, whatever the header (no throw, bounded work)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (header) => {
        expect(VIEWER_LANGUAGE_CODES).toContain(negotiateLanguage(header));
        const segment = languageSegment(null, header);
        expect(parseSegment(segment)).toEqual({ lang: negotiateLanguage(header), explicit: false });
      }),
    );
  });

  it("names an explicit ?lang= choice apart from the browser's, and refuses anything else", () => {
    expect(languageSegment("de", "fr")).toBe("de");
    expect(languageSegment("xx", "fr")).toBe("a-fr");
    expect(languageSegment("a-de", "fr")).toBe("a-fr");
    expect(languageSegment(null, null)).toBe("a-en");
    expect(languageParam("/g/emma?lang=it&k=1")).toBe("it");
    expect(languageParam("/g/emma")).toBeNull();
    expect(parseSegment("fr")).toEqual({ lang: "fr", explicit: true });
    expect(parseSegment("a-pt")).toEqual({ lang: "pt", explicit: false });
    for (const bad of ["", "a-", "a-xx", "xx", "EN", "../g", null, 3]) expect(parseSegment(bad)).toBeNull();
  });

  it("shows the viewer's choice, else the gallery's fixed language, else the browser's", () => {
    expect(pageLanguage("a-fr", "auto")).toBe("fr");
    expect(pageLanguage("a-fr", "de")).toBe("de");
    expect(pageLanguage("es", "de")).toBe("es");
    expect(pageLanguage("a-fr", null)).toBe("fr");
    expect(pageLanguage("nonsense", "it")).toBe("it");
    expect(pageLanguage("nonsense", "auto")).toBe("en");
  });

  it("routes a public path to its language's page and back to the path (its cache tag)", () => {
    fc.assert(
      fc.property(fc.constantFrom("/g/", "/d/studio.example/"), fc.stringMatching(/^[a-z0-9-]{1,30}$/), fc.constantFrom("en", "a-fr", "de", "a-pt"), (prefix, slug, segment) => {
        const path = `${prefix}${slug}`;
        expect(unlocalizedPath(localizedRoute(path, segment))).toBe(path);
      }),
    );
    expect(unlocalizedPath("/g/emma")).toBe("/g/emma");
    expect(unlocalizedPath("/v/a-fr")).toBe("/");
  });
});

/** Every text of a catalogue by its path (`gallery.playAll`, `studioHomeFilms.one`). */
function leaves(o: object, path = ""): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [[`${path}${k}`, v] as [string, string]] : leaves(v as object, `${path}${k}.`)));
}
const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();

describe("the catalogues", () => {
  const english = new Map(leaves(en));

  it.each(VIEWER_LANGUAGE_CODES.filter((l) => l !== "en"))("%s has every English text, with the same placeholders, and no text left empty or English", (lang) => {
    const theirs = new Map(leaves(VIEWER_CATALOGUES[lang]));
    for (const [key, text] of english) {
      expect([key, theirs.has(key)]).toEqual([key, true]);
      expect([key, placeholders(theirs.get(key)!)]).toEqual([key, placeholders(text)]);
    }
    for (const [key, text] of theirs) {
      expect([key, text.trim().length > 0]).toEqual([key, true]);
      // Only the extra plural forms a language has (many, few...) are not in English.
      if (!english.has(key)) expect(key).toMatch(/\.(zero|two|few|many)$/);
    }
    // The sentences are translated (words such as "Volume", "Auto" or "AirPlay" may be the same).
    const same = [...english].filter(([key, text]) => text.length > 12 && theirs.get(key) === text).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it.each(VIEWER_LANGUAGE_CODES)("%s has a text for every plural category its language uses", (lang) => {
    const rules = new Intl.PluralRules(lang);
    const forms = [VIEWER_CATALOGUES[lang].studioHomeFilms, VIEWER_CATALOGUES[lang].gallery.chapterCount];
    for (const n of [0, 1, 2, 3, 5, 11, 21, 101, 1_000_000, 1.5]) {
      const category = rules.select(n);
      for (const f of forms) expect([lang, n, category, category === "other" || category in f]).toEqual([lang, n, category, true]);
    }
  });

  it("hands a page only its own language", () => {
    const locale = viewerLocale("fr");
    expect(locale.lang).toBe("fr");
    expect(locale.texts).toBe(VIEWER_CATALOGUES.fr);
    expect(locale.languages.map((l) => l.name)).toEqual(["English", "Español", "Français", "Deutsch", "Italiano", "Português"]);
    expect(viewerLocale("xx").lang).toBe("en");
    expect(JSON.stringify(locale)).not.toContain(en.viewer.privacyNote);
  });
});

describe("formats", () => {
  it("fills placeholders, and leaves unknown ones", () => {
    expect(fill("Play {title}", { title: "Vows" })).toBe("Play Vows");
    expect(fill("{n} of {total}", { n: 1 })).toBe("1 of {total}");
    expect(around("Lire {title}", "title")).toEqual(["Lire ", ""]);
    expect(around("{title} abspielen", "title")).toEqual(["", " abspielen"]);
  });

  it("writes counts and dates the way each language does", () => {
    const at = "2031-03-12T12:00:00.000Z";
    expect(viewerFormat("en").date(at)).toBe("March 12, 2031");
    expect(viewerFormat("fr").date(at)).toBe("12 mars 2031");
    expect(viewerFormat("de").date(at)).toBe("12. März 2031");
    expect(viewerFormat("es").date(at)).toBe("12 de marzo de 2031");
    expect(viewerFormat("en").count(en.studioHomeFilms, 1)).toBe("1 film");
    expect(viewerFormat("en").count(en.studioHomeFilms, 1200)).toBe("1,200 films");
    expect(viewerFormat("de").count(VIEWER_CATALOGUES.de.studioHomeFilms, 1200)).toBe(`1.200 ${VIEWER_CATALOGUES.de.studioHomeFilms.other.replace("{n} ", "")}`);
    expect(viewerFormat("fr").count(VIEWER_CATALOGUES.fr.gallery.chapterCount, 0)).toBe("0 chapitre");
    expect(viewerFormat("fr").count(VIEWER_CATALOGUES.fr.gallery.chapterCount, 2)).toBe("2 chapitres");
    expect(viewerFormat("fr").number(1234.5)).toBe("1\u202f234,5");
  });
});

import { DEFAULT_FONT_CLASS, fontFamily, GALLERY_FONTS, isChosenFont } from "@/lib/services/galleries/rules/fonts";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { DEFAULT_LOOK } from "@/lib/services/galleries/rules/gallery-look";
import { deliveryLink, galleryBaseUrl, publicGalleryPath } from "@/lib/services/galleries/rules/gallery-paths";
import { PREVIEW_STATE, stateFromMessage, viewStateOf, type GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import { galleryPath, isGallerySection, GALLERY_SECTIONS, foldersPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { slugify } from "@/lib/services/galleries/rules/slug";
import { folderPrefix, galleryPrefix, isDeletablePrefix } from "@/lib/storage/keys";
import { customUrlSchema, updateSettingsSchema } from "@/lib/validation/galleries";
import { nameSchema } from "@/lib/validation/folders";
import type { GalleryDto } from "@/lib/contract/folders";
import type { VideoDto } from "@/lib/contract/films";

describe("custom urls", () => {
  it.each([
    ["Emma & James", "emma-and-james"],
    ["  Café  Noël 2026 ", "cafe-noel-2026"],
    ["A", "gallery-a"],
    ["!!!", "gallery"],
    ["x".repeat(100), "x".repeat(53)],
    // Never an id's shape (issue 36): it would name another gallery.
    ["0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22", "gallery-0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22"],
  ])("slugify(%j) → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(customUrlSchema.safeParse(slug).success).toBe(true);
  });

  it.each(["ab", "Upper", "with space", "a/b", "dash-", "-dash", "dou--ble", "ünï", "x".repeat(61), "0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22"])("refuses %j", (value) => {
    expect(customUrlSchema.safeParse(value).success).toBe(false);
  });
});

describe("names and settings", () => {
  it("trims names and refuses empty or whitespace-only ones", () => {
    expect(nameSchema.parse("  Weddings ")).toBe("Weddings");
    for (const bad of ["", "   ", "\t\n"]) expect(nameSchema.safeParse(bad).success).toBe(false);
  });

  it("takes any of the four toggles, and nothing else", () => {
    expect(updateSettingsSchema.parse({ setting: { tv: false } })).toEqual({ setting: { tv: false } });
    expect(updateSettingsSchema.safeParse({ setting: {} }).success).toBe(false);
    expect(updateSettingsSchema.safeParse({ setting: { autoplay: true } }).success).toBe(false);
  });
});

describe("fonts", () => {
  it("offers the fourteen fonts after the default class, each with its own family", () => {
    expect(GALLERY_FONTS).toHaveLength(14);
    expect(FONT_VALUES[0]).toBe(DEFAULT_FONT_CLASS);
    for (const font of GALLERY_FONTS) {
      expect(isChosenFont(font)).toBe(true);
      expect(fontFamily(font).startsWith(`var(--vf-font-${font.replace(/ /g, "-")}, `)).toBe(true);
    }
    expect(isChosenFont(DEFAULT_FONT_CLASS)).toBe(false);
    expect(fontFamily(DEFAULT_FONT_CLASS)).toBe("var(--font-sans)");
    // Anything else names a curated face's custom property (letters, digits and dashes only), else the sans face.
    expect(fontFamily("'); background: red; ('")).toBe("var(--vf-font--background-red-, var(--font-sans))");
  });
});

describe("delivery links", () => {
  const appUrl = "http://localhost:3000";
  it("uses the studio's domain, else GALLERY_BASE_URL, else the app's /g", () => {
    expect(galleryBaseUrl({ domainUrl: "films.example.com", galleryBaseUrl: "https://g.vidfolio.app", appUrl })).toBe("https://films.example.com");
    expect(galleryBaseUrl({ domainUrl: null, galleryBaseUrl: "https://g.vidfolio.app/", appUrl })).toBe("https://g.vidfolio.app");
    expect(galleryBaseUrl({ domainUrl: null, galleryBaseUrl: undefined, appUrl: `${appUrl}/` })).toBe(`${appUrl}/g`);
    expect(deliveryLink(`${appUrl}/g`, "emma-and-james")).toBe(`${appUrl}/g/emma-and-james`);
  });
});

describe("routes and storage prefixes", () => {
  it("lists the eight editor sections of the spec, then Guests, Review and Insights; deliver labelled Link", () => {
    expect(GALLERY_SECTIONS.map((s) => s.slug)).toEqual(["videos", "linkmediamain", "heading", "background", "music", "styles", "settings", "deliver", "guests", "review", "insights"]);
    expect(TEXTS.gallerySections.deliver).toBe("Link");
    expect(isGallerySection("heading")).toBe(true);
    expect(isGallerySection("nope")).toBe(false);
    expect(galleryPath("g1", "styles")).toBe("/studio/galleries/g1/styles");
    expect(publicGalleryPath("emma", true)).toBe("/g/emma/preview");
    expect(foldersPath("f 1")).toBe("/studio/galleries?folder=f%201");
  });

  it("allows only a folder's or a gallery's prefix to be deleted wholesale", () => {
    const [a, f, g] = ["8f7d9c1e-0b1a-4c3d-9e8f-1a2b3c4d5e6f", "1b2c3d4e-5f60-4718-89ab-cdef01234567", "abcdef01-2345-4678-89ab-cdef01234567"];
    expect(folderPrefix(a, f)).toBe(`${a}/${f}/`);
    expect(isDeletablePrefix(folderPrefix(a, f))).toBe(true);
    expect(isDeletablePrefix(galleryPrefix(a, f, g))).toBe(true);
    for (const bad of [`${a}/`, "", `${a}/${f}`, `${a}/assets/`, `${a}/${f}/${g}/x/`]) expect(isDeletablePrefix(bad)).toBe(false);
  });
});

describe("preview state", () => {
  const video = (id: string, status: VideoDto["status"] = "READY"): VideoDto => ({
    _id: id,
    title: `Video ${id}`,
    url: `k/${id}`,
    thumbnail: null,
    cuePoint: null,
    views: 0,
    status,
    galleryId: "g",
    createdAt: new Date(0).toISOString(),
    failureReason: null,
    retryable: false,
    optimizing: false,
    optimizeProgress: null,
    sizeBytes: 0,
    durationSec: null,
    width: null,
    height: null,
    playback: null,
    version: 1,
  });
  const gallery = {
    _id: "gid",
    customurl: "emma-and-james",
    title: "T",
    subtitle: "S",
    fheading: "Georgia",
    fbody: DEFAULT_FONT_CLASS,
    look: DEFAULT_LOOK,
    setting: { download: true, share: false, tv: true, playall: true, listed: false, language: "auto" },
    backgroundMedia: { imgUrl: null, videoUrl: null, musicUrl: null, musicName: null },
    selectedVideos: ["b", "p", "a"],
  } satisfies Partial<GalleryDto>;

  it("shows ready videos only, the showcase in its order", () => {
    const state = viewStateOf(gallery, [video("a"), video("b"), video("p", "PROCESSING")]);
    expect(state.showcase.map((v) => v._id)).toEqual(["b", "a"]);
    expect(state.videos.map((v) => v._id)).toEqual(["a", "b"]);
    expect(state.setting.share).toBe(false);
    expect(state).toMatchObject({ galleryId: "gid", slug: "emma-and-james" });
  });

  it("accepts only a well-formed state message", () => {
    const state: GalleryViewState = viewStateOf(gallery, []);
    expect(stateFromMessage({ type: PREVIEW_STATE, state })).toEqual(state);
    expect(stateFromMessage({ type: "other", state })).toBeNull();
    expect(stateFromMessage({ type: PREVIEW_STATE, state: { ...state, setting: { download: "yes" } } })).toBeNull();
    expect(stateFromMessage("hello")).toBeNull();
    expect(stateFromMessage(null)).toBeNull();
  });
});

/** @jest-environment jsdom */
import { act, screen, within } from "@testing-library/react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { renderViewer } from "../helpers/viewer-locale";
import { PREVIEW_STATE, type GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import { DEFAULT_LOOK } from "@/lib/services/galleries/rules/gallery-look";

const initial: GalleryViewState = {
  title: "Saved title",
  subtitle: "Saved subtitle",
  fheading: "font-sans",
  fbody: "font-sans",
  look: DEFAULT_LOOK,
  setting: { download: true, share: true, tv: true, playall: true, listed: false, language: "auto" },
  background: { imgUrl: null, videoUrl: null, musicUrl: null, musicName: null },
  showcase: [],
  videos: [],
};
const studio = { name: "Golden Hour Films", logoUrl: null, whiteLabel: false };

function post(state: GalleryViewState, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { data: { type: PREVIEW_STATE, state }, origin, source: window.parent }));
  });
}

describe("GalleryView", () => {
  it("shows the heading, the subtitle and a button per enabled setting", () => {
    const film = {
      _id: "00000000-0000-4000-8000-000000000001",
      title: "First dance",
      thumbnail: null,
      playback: null,
      durationSec: 60,
      chapters: [],
      chaptersSrc: null,
      captions: [],
      width: null,
      height: null,
    };
    renderViewer(<GalleryView initial={{ ...initial, videos: [film], setting: { ...initial.setting, share: false } }} studio={studio} preview={false} />);
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
    expect(screen.getByTestId("gallery-subtitle")).toHaveTextContent("Saved subtitle");
    expect(
      within(screen.getByTestId("gallery-actions"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Play All", "Download", "TV Connect"]);
  });

  it("an empty gallery says so and offers its guests nothing to play or download; the studio's preview keeps the buttons its settings turn on", () => {
    const { unmount } = renderViewer(<GalleryView initial={initial} studio={studio} preview={false} />);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("No films in this gallery yet");
    expect(screen.getByText("Films will appear here once they are added.")).toBeInTheDocument();
    expect(
      within(screen.getByTestId("gallery-actions"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Share"]);
    unmount();
    renderViewer(<GalleryView initial={initial} studio={studio} preview />);
    expect(
      within(screen.getByTestId("gallery-actions"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Play All", "Download", "Share", "TV Connect"]);
  });

  it("in preview mode follows state messages from its own origin only", async () => {
    renderViewer(<GalleryView initial={initial} studio={studio} preview />);
    // The listener is loaded on demand (it keeps the message schema out of viewers' first-load JS).
    await act(async () => {
      await import("@/components/gallery/preview-listener");
      await new Promise((r) => setTimeout(r, 0));
    });
    post({ ...initial, title: "From elsewhere" }, "https://evil.example");
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
    post({ ...initial, title: "Unsaved title", fheading: "Georgia", setting: { ...initial.setting, tv: false } });
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Unsaved title");
    expect(screen.getByTestId("gallery-title").style.fontFamily).toContain("Georgia");
    expect(screen.queryByRole("button", { name: "TV Connect" })).toBeNull();
  });

  it("ignores messages when it is not a preview", () => {
    renderViewer(<GalleryView initial={initial} studio={studio} preview={false} />);
    post({ ...initial, title: "Unsaved title" });
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
  });
});

describe("white-labeling", () => {
  it("shows 'made with Vidfolio' without white-labeling and hides it with it", () => {
    const { unmount } = renderViewer(<GalleryView initial={initial} studio={studio} preview={false} />);
    expect(screen.getByTestId("made-with")).toHaveTextContent("made with Vidfolio");
    unmount();
    renderViewer(<GalleryView initial={initial} studio={{ ...studio, whiteLabel: true }} preview={false} />);
    expect(screen.queryByTestId("made-with")).toBeNull();
    expect(within(screen.getByTestId("gallery-footer")).getByText("Golden Hour Films")).toBeInTheDocument();
  });
});

describe("branding", () => {
  it("links the website and the social profiles, and never a non-http(s) address", () => {
    renderViewer(
      <GalleryView
        initial={initial}
        studio={{
          ...studio,
          logoUrl: "https://cdn.test/logo.png",
          websiteUrl: "https://goldenhour.test",
          socials: { youtube: "https://youtube.com/@gh", instagram: "javascript:alert(1)", facebook: "" },
        }}
        preview={false}
      />,
    );
    const footer = within(screen.getByTestId("gallery-footer"));
    expect(footer.getByRole("link", { name: "Visit website" })).toHaveAttribute("href", "https://goldenhour.test/");
    expect(footer.getByRole("link", { name: "YouTube" })).toHaveAttribute("href", "https://youtube.com/@gh");
    expect(footer.queryByRole("link", { name: "Instagram" })).toBeNull();
    expect(footer.queryByRole("link", { name: "Facebook" })).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(screen.getByTestId("gallery-brand").querySelector("img")).toHaveAttribute("src", "https://cdn.test/logo.png");
  });

  it("turns into the expired notice once its expiry has passed (its own chunk, loaded then)", async () => {
    renderViewer(<GalleryView initial={initial} studio={studio} preview={false} expiresAt={new Date(Date.now() - 1000).toISOString()} />);
    expect(await screen.findByTestId("gallery-expired")).toHaveTextContent("This gallery has expired.");
    expect(screen.queryByTestId("gallery-title")).toBeNull();
  });
});

describe("film thumbnails (issue 19 item 11: the page's largest paint on a phone)", () => {
  const films = Array.from({ length: 5 }, (_, i) => ({
    _id: `v${i}`,
    title: `Film ${i}`,
    thumbnail: `https://cdn.test/t${i}.jpg`,
    playback: null,
    durationSec: null,
    width: null,
    height: null,
    chapters: [],
    chaptersSrc: null,
    captions: [],
  }));
  const thumbs = () => [...document.querySelectorAll<HTMLImageElement>('[data-testid="gallery-video"] img')].map((img) => [img.getAttribute("loading"), img.getAttribute("fetchpriority")]);

  it("load the first row at once, the first film's first of all when there is no background image", () => {
    renderViewer(<GalleryView initial={{ ...initial, videos: films }} studio={studio} preview={false} />);
    // No showcase: one list, All films, each film once (issue 57 item 1); its first three at once.
    expect(thumbs()).toEqual([
      ["eager", "high"],
      ["eager", null],
      ["eager", null],
      ["lazy", null],
      ["lazy", null],
    ]);
  });

  it("the same with a showcase: the featured grid's first row at once, All films lazy below it", () => {
    renderViewer(<GalleryView initial={{ ...initial, videos: films, showcase: [films[4]] }} studio={studio} preview={false} />);
    expect(thumbs()).toEqual([["eager", "high"], ...Array.from({ length: 4 }, () => ["lazy", null])]);
  });

  it("leave the way to a background image, the page's largest paint, and stay lazy below it", () => {
    renderViewer(<GalleryView initial={{ ...initial, videos: films, background: { ...initial.background, imgUrl: "https://cdn.test/bg.jpg" } }} studio={studio} preview={false} />);
    expect(screen.getByTestId("gallery-background")).toHaveAttribute("fetchpriority", "high");
    // Painted in the frame its bytes arrive for, not a later one (async decoding delays the largest paint).
    expect(screen.getByTestId("gallery-background")).not.toHaveAttribute("decoding", "async");
    expect(thumbs().map(([, priority]) => priority)).toEqual(Array(5).fill(null));
    expect(thumbs().map(([loading]) => loading)).toEqual(Array(5).fill("lazy"));
  });
});

describe("each film once (issue 57 item 1)", () => {
  const film = (title: string) => ({ _id: title, title, thumbnail: null, playback: null, durationSec: null, chapters: [], chaptersSrc: null, captions: [], width: null, height: null });
  const four = ["Ceremony", "First Dance", "Speeches", "Party"].map(film);
  const cards = (region: HTMLElement) =>
    within(region)
      .queryAllByTestId("gallery-video")
      .map((c) => c.textContent);

  it("a gallery of four films with an empty Show Case is one list: each film exactly once, no Featured films", () => {
    renderViewer(<GalleryView initial={{ ...initial, videos: four }} studio={studio} preview={false} />);
    expect(screen.queryByRole("region", { name: "Featured films" })).toBeNull();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["All films"]);
    expect(cards(screen.getByRole("region", { name: "All films" }))).toEqual(["Play Ceremony", "Play First Dance", "Play Speeches", "Play Party"]);
    expect(screen.getAllByTestId("gallery-video")).toHaveLength(4);
  });

  it("one showcased film: it alone under Featured films, the three others under All films", () => {
    renderViewer(<GalleryView initial={{ ...initial, videos: four, showcase: [four[2]] }} studio={studio} preview={false} />);
    expect(cards(screen.getByRole("region", { name: "Featured films" }))).toEqual(["Play Speeches"]);
    expect(cards(screen.getByRole("region", { name: "All films" }))).toEqual(["Play Ceremony", "Play First Dance", "Play Party"]);
    expect(screen.getAllByTestId("gallery-video")).toHaveLength(4);
  });
});

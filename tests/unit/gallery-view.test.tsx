/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { PREVIEW_STATE, type GalleryViewState } from "@/lib/gallery-preview";

const initial: GalleryViewState = {
  title: "Saved title",
  subtitle: "Saved subtitle",
  fheading: "font-sans",
  fbody: "font-sans",
  setting: { download: true, share: true, tv: true, playall: true },
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
    render(<GalleryView initial={{ ...initial, setting: { ...initial.setting, share: false } }} studio={studio} preview={false} />);
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
    expect(screen.getByTestId("gallery-subtitle")).toHaveTextContent("Saved subtitle");
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Play All", "Download", "TV Connect"]);
    expect(screen.getByText("Films will appear here once they are added.")).toBeInTheDocument();
  });

  it("in preview mode follows state messages from its own origin only", () => {
    render(<GalleryView initial={initial} studio={studio} preview />);
    post({ ...initial, title: "From elsewhere" }, "https://evil.example");
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
    post({ ...initial, title: "Unsaved title", fheading: "Georgia", setting: { ...initial.setting, tv: false } });
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Unsaved title");
    expect(screen.getByTestId("gallery-title").style.fontFamily).toContain("Georgia");
    expect(screen.queryByRole("button", { name: "TV Connect" })).toBeNull();
  });

  it("ignores messages when it is not a preview", () => {
    render(<GalleryView initial={initial} studio={studio} preview={false} />);
    post({ ...initial, title: "Unsaved title" });
    expect(screen.getByTestId("gallery-title")).toHaveTextContent("Saved title");
  });
});

describe("white-labeling", () => {
  it("shows 'made with Vidfolio' without white-labeling and hides it with it", () => {
    const { unmount } = render(<GalleryView initial={initial} studio={studio} preview={false} />);
    expect(screen.getByTestId("made-with")).toHaveTextContent("made with Vidfolio");
    unmount();
    render(<GalleryView initial={initial} studio={{ ...studio, whiteLabel: true }} preview={false} />);
    expect(screen.queryByTestId("made-with")).toBeNull();
    expect(screen.getByText("Golden Hour Films", { selector: "footer" })).toBeInTheDocument();
  });
});

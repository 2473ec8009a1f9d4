/** @jest-environment jsdom */
// Stored text is rendered inert: markup in titles, subtitles, video titles and the company name
// shows as text, and a javascript: link is never rendered as a link (the public gallery, its
// preview, and the company settings with their phone preview).
import { render, screen } from "@testing-library/react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { renderViewer } from "../helpers/viewer-locale";
import { CompanySettings, type Branding } from "@/components/account/company-settings";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import { DEFAULT_LOOK } from "@/lib/services/galleries/rules/gallery-look";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

const XSS = `<img src=x onerror="window.__pwned=1">`;
const SCRIPT = `<script>window.__pwned=1</script>`;
const JS_LINK = "javascript:window.__pwned=1";

function expectInert(container: HTMLElement) {
  expect(container.querySelector("script")).toBeNull();
  expect(container.querySelector('img[src="x"]')).toBeNull();
  expect(container.querySelector("[onerror], [onload], [onclick]")).toBeNull();
  for (const a of Array.from(container.querySelectorAll("a[href]"))) {
    expect(a.getAttribute("href")!.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
  }
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
}

const state: GalleryViewState = {
  title: XSS,
  subtitle: SCRIPT,
  fheading: "font-sans",
  fbody: "font-sans",
  look: DEFAULT_LOOK,
  setting: { download: true, share: true, tv: true, playall: true, listed: false, language: "auto" },
  background: { imgUrl: null, videoUrl: null, musicUrl: "https://media.example/song.mp3", musicName: XSS },
  showcase: [
    {
      _id: "00000000-0000-4000-8000-000000000001",
      title: XSS,
      thumbnail: null,
      playback: null,
      durationSec: 30,
      width: null,
      height: null,
      chapters: [{ title: XSS, seconds: 3 }],
      chaptersSrc: null,
      captions: [],
    },
  ],
  videos: [
    {
      _id: "00000000-0000-4000-8000-000000000001",
      title: SCRIPT,
      thumbnail: null,
      playback: null,
      durationSec: 30,
      width: null,
      height: null,
      chapters: [{ title: SCRIPT, seconds: 3 }],
      chaptersSrc: null,
      captions: [],
    },
  ],
};

describe("the public gallery page and its preview", () => {
  it.each([false, true])("shows markup as text (preview %s)", (preview) => {
    const { container } = renderViewer(<GalleryView initial={state} studio={{ name: XSS, logoUrl: null, whiteLabel: true }} preview={preview} />);
    expect(screen.getByTestId("gallery-title").textContent).toBe(XSS);
    expect(screen.getByTestId("gallery-subtitle").textContent).toBe(SCRIPT);
    expectInert(container);
  });
});

describe("company settings and their phone preview", () => {
  it("shows a markup company name as text and never links javascript: addresses", () => {
    const initial: Branding = {
      id: "00000000-0000-4000-8000-000000000002",
      companyName: XSS,
      websiteUrl: JS_LINK,
      socialLinks: { youtube: JS_LINK, instagram: " javascript:alert(1)", facebook: "JaVaScRiPt:alert(1)" },
      logoUrl: null,
      faviconUrl: null,
      whiteLabel: false,
    };
    const { container } = render(<CompanySettings initial={initial} />);
    expect(container.textContent).toContain(XSS);
    expectInert(container);
  });
});

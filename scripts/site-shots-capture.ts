// The site's screenshots (scripts/site-shots.ts): each shot components/marketing/site-shots.tsx
// names, taken in a 1200 × 750 browser on the demo content (scripts/site-shots-content.ts), written
// as JPEG in every size the page links.
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { SHOT_WIDTHS, shotHeight, shotPath, type ShotId } from "../components/marketing/site-shots";
import type { DemoContent } from "./site-shots-content";

const [WIDTH] = SHOT_WIDTHS;
const VIEWPORT = { width: WIDTH, height: shotHeight(WIDTH) };
/** JPEG quality: the largest size, then the smaller ones (a phone's smaller picture stands a little more compression). */
const QUALITY = { large: 72, small: 68 };

type Resize = (png: Buffer, width: number, height: number, quality: number) => Promise<Buffer>;

/** Waits until the video has a picture, then holds it paused at `at` seconds. */
async function holdFrame(video: Locator, at: number): Promise<void> {
  await video.evaluate(async (v: HTMLVideoElement, t: number) => {
    v.muted = true;
    const until = Date.now() + 30_000;
    while (v.readyState < 2 && Date.now() < until) {
      await v.play().catch(() => {});
      await new Promise((r) => setTimeout(r, 200));
    }
    v.pause();
    await new Promise<void>((resolve) => {
      v.addEventListener("seeked", () => resolve(), { once: true });
      v.currentTime = t;
    });
    await new Promise((r) => setTimeout(r, 400));
  }, at);
}

/** The page's video elements (every one in `scope`) held at `at` seconds. */
async function holdAll(scope: Locator, at: number): Promise<void> {
  const videos = await scope.locator("video").all();
  await Promise.all(videos.map((v) => holdFrame(v, at)));
}

/** Lets pictures and fonts finish, and hides the caret and scroll bars. */
async function settle(page: Page): Promise<void> {
  await page.addStyleTag({ content: "*{caret-color:transparent!important} ::-webkit-scrollbar{display:none}" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(Array.from(document.images).map((img) => (img.complete ? null : img.decode().catch(() => null))));
  });
  await page.waitForTimeout(300);
}

/** Opens a film of the public gallery (the page already on it) in its theater. */
async function openFilm(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole("button", { name: `Play ${title}` })
    .first()
    .click();
  const theater = page.getByTestId("theater");
  await theater.waitFor();
  return theater;
}

export async function captureShots(opts: { browser: Browser; baseURL: string; studio: BrowserContext; content: DemoContent; outDir: string; resize: Resize }): Promise<string[]> {
  const { browser, baseURL, studio, content, outDir, resize } = opts;
  const { review, paid } = content;
  const written: string[] = [];
  const guest = (locale = "en-US") => browser.newContext({ baseURL, viewport: VIEWPORT, locale });

  /** Shoots `page` as it is now, in every size. */
  const shoot = async (page: Page, id: ShotId) => {
    await settle(page);
    const png = await page.screenshot({ type: "png" });
    for (const width of SHOT_WIDTHS) {
      const file = path.join(outDir, path.basename(shotPath(id, width)));
      fs.writeFileSync(file, await resize(png, width, shotHeight(width), width === WIDTH ? QUALITY.large : QUALITY.small));
      written.push(file);
    }
  };

  // Review: the studio's player on the wedding film, its Review tab: the couple's comments, Emma's
  // drawing on the frame, the studio's reply.
  // The studio's pages in a larger window, 16:10 as well (1680 × 1050): the player and its whole
  // Review tab fit without scrolling.
  let page = await studio.newPage();
  await page.setViewportSize({ width: 1680, height: 1050 });
  await page.goto(`/studio/galleries/${review.galleryId}/videos`);
  await page.getByText(review.filmTitle).first().click();
  await page.getByRole("tab", { name: /review/i }).click();
  await page.getByText("Can we hold on the sun a little longer here?").waitFor();
  await page
    .getByRole("button", { name: /show drawing/i })
    .first()
    .click();
  await holdFrame(page.locator("video").first(), 4);
  await page.mouse.move(0, 0);
  await shoot(page, "review");

  // Approval: the gallery's Review section, its table of films, decisions and rounds.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/studio/galleries/${review.galleryId}/review`);
  const films = page.getByRole("table");
  await films.waitFor();
  await films.evaluate((el) => {
    const heading = el.closest("section")?.querySelector("h2, h3") ?? el;
    heading.scrollIntoView({ block: "start" });
    window.scrollBy(0, -24);
  });
  await shoot(page, "approval");
  await page.close();

  // Versions: v1 and v2 of the wedding film compared on one clock, as Emma opens the comparison.
  const emma = await guest();
  page = await emma.newPage();
  // Her personal link, opened as from her mail: the page lets her in and drops the token from the address.
  const link = new URL(review.emmaLink);
  await page.goto(link.pathname + link.search);
  await page.waitForURL((u) => !u.searchParams.has("k"));
  const theater = await openFilm(page, review.filmTitle);
  await theater.getByTestId("guest-compare").click();
  const compare = page.getByTestId("compare-versions");
  await compare.waitFor();
  await holdAll(compare, 5);
  await shoot(page, "versions");
  await emma.close();

  // Pay to unlock: the unpaid gallery's pay screen, then its watermarked preview.
  const visitor = await guest();
  page = await visitor.newPage();
  await page.goto(`/g/${paid.slug}`);
  const pay = page.getByTestId("pay-panel");
  await pay.waitFor();
  // The gallery's title above, the pay panel below it.
  await pay.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 330));
  await shoot(page, "pay");
  await page.evaluate(() => window.scrollTo(0, 0));
  const preview = await openFilm(page, paid.filmTitle);
  await holdFrame(preview.locator("video").first(), 5);
  await shoot(page, "watermark");
  await visitor.close();

  // Languages: the couple's gallery in French.
  const french = await guest("fr-FR");
  page = await french.newPage();
  await page.goto(`/g/${review.slug}?lang=fr`);
  // The title, the buttons and the films with their review state, all in French.
  await page.evaluate(() => window.scrollTo(0, 280));
  await shoot(page, "languages");
  await french.close();
  return written;
}

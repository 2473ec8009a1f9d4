/** @jest-environment jsdom */
// The gallery's boot script (lib/services/public/rules/gallery-boot.ts), run in a document: it adds Next's held scripts
// in their order with their attributes, makes an inline script that follows external ones wait for
// them, and keeps a tap made before the page has hydrated. The browser suite (tests/e2e/gallery-boot)
// checks the real page: the picture drawn before the code, and the timings.
import { GALLERY_BOOT_SCRIPT, htmlSafeJson, type HeldScript } from "@/lib/services/public/rules/gallery-boot";
import { BOOT_LIST_ID, HYDRATED_EVENT, LARGEST_PICTURE } from "@/lib/services/public/rules/gallery-boot-names";

function page(held: HeldScript[], body = "") {
  document.body.innerHTML = `${body}<script id="${BOOT_LIST_ID}" type="application/json">${htmlSafeJson(held)}</script>`;
  new Function(GALLERY_BOOT_SCRIPT)();
}
const added = () => [...document.body.querySelectorAll(`script:not(#${BOOT_LIST_ID})`)] as HTMLScriptElement[];

afterEach(() => {
  window.dispatchEvent(new Event(HYDRATED_EVENT));
  document.body.innerHTML = "";
});

describe("htmlSafeJson", () => {
  it("writes nothing that could close the <script> it sits in, and reads back the same", () => {
    const value = { text: "</script><script>alert(1)</script><!-- & \u2028" };
    const json = htmlSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("the boot script", () => {
  it("with no picture to wait for, adds the scripts at once, in order, with their attributes", () => {
    page([
      { attrs: {}, text: "window.__bootOrder = ['inline']" },
      { attrs: { src: "/_next/static/chunks/a.js", crossorigin: "anonymous" } },
      { attrs: { src: "/_next/static/chunks/legacy.js", nomodule: "" } },
      { attrs: { src: "/_next/static/chunks/b.js" } },
    ]);
    const scripts = added();
    expect(scripts.map((s) => s.getAttribute("src"))).toEqual([null, "/_next/static/chunks/a.js", "/_next/static/chunks/legacy.js", "/_next/static/chunks/b.js"]);
    expect(scripts[0].text).toBe("window.__bootOrder = ['inline']");
    expect(scripts[1].getAttribute("crossorigin")).toBe("anonymous");
    expect(scripts[2].hasAttribute("nomodule")).toBe(true); // jsdom knows no modules: kept, as an old browser would
    // Fetched in parallel, run in the order added.
    expect(scripts.slice(1).every((s) => s.async === false)).toBe(true);
  });

  it("leaves out a nomodule script where the browser knows modules (it would never run, and never load)", () => {
    // jsdom knows no modules: give its scripts the property a browser that does has.
    Object.defineProperty(HTMLScriptElement.prototype, "noModule", { configurable: true, get: () => false, set: () => {} });
    try {
      // What NextScript writes: the legacy polyfills (nomodule), then Turbopack's inline bootstrap.
      page([{ attrs: { src: "/polyfills.js", nomodule: "" } }, { attrs: {}, text: "/* bootstrap */" }, { attrs: { src: "/main.js" } }]);
      expect(added().map((s) => s.getAttribute("src") ?? s.text)).toEqual(["/* bootstrap */", "/main.js"]);
    } finally {
      delete (HTMLScriptElement.prototype as { noModule?: boolean }).noModule;
    }
  });

  it("an inline script after an external one that fails still runs", () => {
    page([{ attrs: { src: "/a.js" } }, { attrs: {}, text: "/* after a */" }]);
    added()[0].dispatchEvent(new Event("error"));
    expect(added().map((s) => s.getAttribute("src") ?? s.text)).toEqual(["/a.js", "/* after a */"]);
  });

  it("an inline script after external ones waits until the last of them has run", () => {
    page([{ attrs: { src: "/a.js" } }, { attrs: {}, text: "/* after a */" }]);
    expect(added().map((s) => s.getAttribute("src") ?? s.text)).toEqual(["/a.js"]);
    added()[0].dispatchEvent(new Event("load"));
    expect(added().map((s) => s.getAttribute("src") ?? s.text)).toEqual(["/a.js", "/* after a */"]);
  });

  it("keeps a tap on a button made before the page has hydrated, and replays it once", () => {
    page([{ attrs: { src: "/a.js" } }], `<button id="film">Play</button><a id="link" href="#x">x</a>`);
    const taps: string[] = [];
    const button = document.getElementById("film")!;
    button.addEventListener("click", () => taps.push("film"));
    button.click();
    button.click();
    expect(taps).toEqual([]);
    window.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(taps).toEqual(["film"]);
    // From then on, taps go straight through.
    button.click();
    expect(taps).toEqual(["film", "film"]);
  });

  it("leaves links alone before hydration (they work without the code)", () => {
    page([], `<a id="link" href="#somewhere">x</a>`);
    const link = document.getElementById("link")!;
    let seen = 0;
    link.addEventListener("click", (e) => {
      seen++;
      e.preventDefault();
    });
    link.click();
    expect(seen).toBe(1);
  });

  it("waits for the largest picture, and its failure boots the page", () => {
    page([{ attrs: { src: "/a.js" } }], `<img fetchpriority="high" elementtiming="${LARGEST_PICTURE}" src="http://media.invalid/bg.jpg">`);
    const img = document.querySelector("img")!;
    // jsdom fetches no images: the picture is still on its way, and the scripts wait for it.
    expect(img.complete).toBe(false);
    expect(added()).toHaveLength(0);
    img.dispatchEvent(new Event("error"));
    expect(added().map((s) => s.getAttribute("src"))).toEqual(["/a.js"]);
  });
});

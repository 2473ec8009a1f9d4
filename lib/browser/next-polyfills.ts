// Stands in for Next's own polyfill module (next/dist/build/polyfills/polyfill-module, aliased in
// next.config.ts), which every page's first script carries: String trimStart/trimEnd,
// Symbol.prototype.description, Array flat/flatMap/at, Promise.prototype.finally,
// Object.fromEntries/hasOwn and URL.canParse. All but the last are in every browser Next 16 builds
// for (Chrome/Edge/Firefox 111, Safari 16.4: "baseline widely available"), and Lighthouse counts them
// as legacy JavaScript shipped to modern browsers (bench/lighthouse). URL.canParse came later
// (Chrome 120, Firefox 115, Safari 17) and Next calls it, so it stays. Older browsers get Next's
// nomodule polyfills as before.
if (typeof URL !== "undefined" && !("canParse" in URL)) {
  Object.defineProperty(URL, "canParse", {
    configurable: true,
    writable: true,
    value: (url: string, base?: string) => {
      try {
        return Boolean(new URL(url, base));
      } catch {
        return false;
      }
    },
  });
}

export {};

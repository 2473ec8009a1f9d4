// Marks a module as server code, for the few modules the public gallery page (a Pages Router page,
// see docs/architecture/public-gallery.md) reads in getStaticProps: Next refuses the
// `server-only` package anywhere in the Pages Router. This guard throws if the module is ever
// evaluated in a browser; everything else keeps `import "server-only"` (a build-time check).
if (typeof window !== "undefined") {
  throw new Error("This module is server-only: it was imported by code that runs in the browser.");
}
export {};

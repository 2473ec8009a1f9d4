// Marks a module as server code: every module of lib/ that must never run in a browser (the
// services, the adapters, the auth helpers) imports this file. It is not the `server-only` package
// because Next refuses that package anywhere in the Pages Router, and the public gallery's page
// (pages/v/…, see docs/architecture.md "The public gallery") reaches the services through their
// domains' entries in getStaticProps. The build-time check the package gave is the lint's
// `client-no-server-only` rule (.dependency-cruiser.cjs), which finds these modules by this mark;
// at run time this guard throws if the module is ever evaluated in a browser.
if (typeof window !== "undefined") {
  throw new Error("This module is server-only: it was imported by code that runs in the browser.");
}
export {};

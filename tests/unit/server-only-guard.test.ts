// lib/server-only.ts stands in for the `server-only` package in the modules the public gallery's
// Pages Router page reads on the server: it must refuse to run in a browser.
describe("server-only guard", () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("loads on the server", () => {
    jest.isolateModules(() => {
      expect(() => require("@/lib/server-only")).not.toThrow();
    });
  });

  it("throws when evaluated in a browser", () => {
    (globalThis as { window?: unknown }).window = {};
    jest.isolateModules(() => {
      expect(() => require("@/lib/server-only")).toThrow(/server-only/);
    });
  });
});

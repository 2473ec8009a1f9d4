import { isSafeRedirect, landingPath, ROUTES, safeRedirectPath, SUPERADMIN_BASE } from "@/lib/routes";

describe("landingPath (spec §4: after login; issue 39 item 4: never a checkout it cannot use)", () => {
  const none = BigInt(0);
  it("sends a super admin to the client panel", () => {
    expect(landingPath({ role: "superadmin", plan: "NO_PLAN", creditBytes: none }, true)).toBe("/vidfolio-superadmin/clientdata");
  });
  it("sends a studio without a plan or credits to checkout when payments are configured", () => {
    expect(landingPath({ role: "admin", plan: "NO_PLAN", creditBytes: none }, true)).toBe("/checkout");
  });
  it("sends a studio without a plan to its galleries when it has credits (its starter allowance)", () => {
    expect(landingPath({ role: "admin", plan: "NO_PLAN", creditBytes: BigInt(2147483648) }, true)).toBe("/studio/galleries");
  });
  it("sends a studio without a plan or credits to its galleries when payments are not configured", () => {
    expect(landingPath({ role: "admin", plan: "NO_PLAN", creditBytes: none }, false)).toBe("/studio/galleries");
  });
  it.each(["ON_DEMAND", "PRO", "UNLIMITED"] as const)("sends a studio on %s to its galleries", (plan) => {
    expect(landingPath({ role: "admin", plan, creditBytes: none }, true)).toBe("/studio/galleries");
  });
  it("names the super-admin pages after the product", () => {
    expect(SUPERADMIN_BASE).toBe("/vidfolio-superadmin");
    expect(ROUTES.superadminLogin).toBe("/vidfolio-superadmin/login");
  });
});

describe("isSafeRedirect / safeRedirectPath (issue 17 #11: one check that normalises first)", () => {
  // The usual open-redirect bypasses: each leads a browser off-site (or runs script) when used as
  // a link or a Location. Every one must be refused.
  const BYPASSES = [
    "//evil.example",
    "//evil.example/x",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "\\/\\/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "/%0D%0A/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%E2%88%95evil.example",
    "https:evil.example",
    "https:/evil.example",
    "https://evil.example",
    "http://evil.example",
    "HTTPS://evil.example",
    "//evil.example@localhost",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java%0ascript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\u2215\u2215evil.example",
    "/\uFF0F\uFF0Fevil.example",
    "\uFF0F\uFF0Fevil.example",
    "/\u2044evil.example",
    "/\u3002evil.example",
    " /studio",
    "/studio ",
    "\u0000/studio",
    "/studio\u0000",
    "evil.example",
    "studio/galleries",
    ".//evil.example",
    "@evil.example",
    "%",
    "/%E0%A4%A",
    "",
    null,
    undefined,
  ];
  it.each(BYPASSES.map((b) => [b]))("refuses %p", (target) => {
    expect(isSafeRedirect(target as string)).toBe(false);
    expect(safeRedirectPath(target as string)).toBeNull();
  });

  it.each([
    ["/studio/galleries", "/studio/galleries"],
    ["/studio/account/planbill", "/studio/account/planbill"],
    ["/studio/galleries?folder=0c7e6a2e-6f1b-4a53-9d3a-6a4bdf2f0c11", "/studio/galleries?folder=0c7e6a2e-6f1b-4a53-9d3a-6a4bdf2f0c11"],
    ["/studio/galleries/x/videos#top", "/studio/galleries/x/videos#top"],
    ["/studio/../checkout", "/checkout"],
    ["/", "/"],
  ])("keeps the in-app path %p as %p", (target, path) => {
    expect(isSafeRedirect(target)).toBe(true);
    expect(safeRedirectPath(target)).toBe(path);
  });

  it("a browser resolving what it returns stays on the app's origin", () => {
    for (const target of BYPASSES) {
      const path = safeRedirectPath(target as string);
      if (path !== null) expect(new URL(path, "https://app.example").origin).toBe("https://app.example");
    }
  });
});

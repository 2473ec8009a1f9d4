import { isSafeRedirect, landingPath, ROUTES, SUPERADMIN_BASE } from "@/lib/routes";

describe("landingPath (spec §4: after login)", () => {
  it("sends a super admin to the client panel", () => {
    expect(landingPath({ role: "superadmin", plan: "NO_PLAN" })).toBe("/vidfolio-superadmin/clientdata");
  });
  it("sends a studio without a plan to checkout", () => {
    expect(landingPath({ role: "admin", plan: "NO_PLAN" })).toBe("/checkout");
  });
  it.each(["ON_DEMAND", "PRO", "UNLIMITED"] as const)("sends a studio on %s to its galleries", (plan) => {
    expect(landingPath({ role: "admin", plan })).toBe("/studio/galleries");
  });
  it("names the super-admin pages after the product", () => {
    expect(SUPERADMIN_BASE).toBe("/vidfolio-superadmin");
    expect(ROUTES.superadminLogin).toBe("/vidfolio-superadmin/login");
  });
});

describe("isSafeRedirect", () => {
  it.each([
    ["/studio/galleries", true],
    ["//evil.example/x", false],
    ["/\\evil.example", false],
    ["https://evil.example", false],
    ["", false],
    [null, false],
  ])("%p → %p", (path, safe) => expect(isSafeRedirect(path)).toBe(safe));
});

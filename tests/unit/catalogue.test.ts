import {
  CREDIT_PACKS,
  PLAN_CARDS,
  PLAN_LABELS,
  SUBSCRIPTIONS,
  WHITE_LABEL_PLANS,
  CURRENCY,
  SUBSCRIPTION_INTERVAL,
  PLAN_LAPSE_GRACE_DAYS,
  graceEndFor,
  isWhiteLabel,
} from "@/lib/services/money/rules/plans";
import { GALLERY_FONTS, DEFAULT_FONT_CLASS, FONT_PLACEHOLDER } from "@/lib/services/galleries/rules/fonts";
import { LAYOUT, PREVIEW, UPLOAD_LIMITS, multipartPartSize } from "@/lib/limits";

describe("plan catalogue (spec §9)", () => {
  it("has the four On Demand packs at their prices", () => {
    expect(CREDIT_PACKS.map((p) => [p.credits, p.gb, p.priceCents])).toEqual([
      [5, 25, 3500],
      [10, 50, 6500],
      [20, 100, 12000],
      [100, 500, 50000],
    ]);
  });
  it("has Pro and Unlimited subscriptions with their yearly credits", () => {
    expect(SUBSCRIPTIONS.map((s) => [s.plan, s.priceCents, s.creditsMb])).toEqual([
      ["PRO", 7900, 1048576],
      ["UNLIMITED", 16500, 5242880],
    ]);
    expect(CURRENCY).toBe("usd");
    expect(SUBSCRIPTION_INTERVAL).toBe("month");
  });
  it("shows three cards, and white-labels only Pro and Unlimited", () => {
    expect(PLAN_CARDS.map((c) => c.name)).toEqual(["On Demand", "Pro", "Unlimited"]);
    expect(PLAN_CARDS[0].features).toContain("5 credits = 25GB for $35");
    expect(WHITE_LABEL_PLANS).toEqual(["PRO", "UNLIMITED"]);
    expect(Object.values(PLAN_LABELS)).toEqual(["No Plan", "On Demand", "Pro", "Unlimited Plan"]);
  });
  it("keeps a lapsed plan's white-labeling for its grace (30 days), not a moment after", () => {
    expect(PLAN_LAPSE_GRACE_DAYS).toBe(30);
    const ended = new Date(Date.UTC(2026, 11, 2));
    const graceUntil = graceEndFor(ended);
    expect(graceUntil.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    const lapsed = { plan: "ON_DEMAND" as const, lapsedPlan: "PRO" as const, graceUntil };
    expect(isWhiteLabel(lapsed, graceUntil.getTime() - 1)).toBe(true);
    expect(isWhiteLabel(lapsed, graceUntil.getTime())).toBe(false);
    expect(isWhiteLabel({ ...lapsed, lapsedPlan: "ON_DEMAND" }, ended.getTime())).toBe(false);
    expect(isWhiteLabel({ plan: "PRO" })).toBe(true);
  });
});

describe("fonts", () => {
  it("offers the fourteen fonts with the spec's placeholder and default", () => {
    expect(GALLERY_FONTS).toHaveLength(14);
    expect(GALLERY_FONTS[0]).toBe("Arial");
    expect(GALLERY_FONTS[13]).toBe("Palatino Linotype");
    expect(DEFAULT_FONT_CLASS).toBe("font-sans");
    expect(FONT_PLACEHOLDER).toBe("Choose Your Font");
  });
});

describe("upload limits and layout", () => {
  it("clamps the multipart part size to 50–200 MB", () => {
    expect(multipartPartSize(1024 * 1024)).toBe(52428800);
    expect(multipartPartSize(100 * 1024 ** 3)).toBe(107374183);
    expect(multipartPartSize(1024 ** 4)).toBe(209715200);
    expect(UPLOAD_LIMITS.concurrentUploads).toBe(3);
    expect(UPLOAD_LIMITS.imageMaxBytes).toBe(40 * 1024 * 1024);
    expect(UPLOAD_LIMITS.faviconMaxBytes).toBe(1024 * 1024);
  });
  it("keeps the preview and layout sizes of the spec", () => {
    expect(PREVIEW.widths).toEqual({ Mobile: 375, Tablet: 768, Desktop: 1000 });
    expect([PREVIEW.minHeight, PREVIEW.maxHeight]).toEqual([520, 613]);
    expect(LAYOUT.videoFrame).toEqual({ width: 830, height: 466 });
    expect(LAYOUT.galleryCardWidth).toBe(285);
  });
});

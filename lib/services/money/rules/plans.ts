// The plan catalogue (spec §9). Prices and credits are decided here, never by a request.
import type { Plan } from "@/generated/prisma/enums";

export const CURRENCY = "usd";
export const SUBSCRIPTION_INTERVAL = "month" as const;

/** Display names of the Admin.plan values (spec §3). */
export const PLAN_LABELS: Record<Plan, string> = {
  NO_PLAN: "No Plan",
  ON_DEMAND: "On Demand",
  PRO: "Pro",
  UNLIMITED: "Unlimited Plan",
};

/** Plans whose galleries carry no 'made with' footer (spec §6). */
export const WHITE_LABEL_PLANS: readonly Plan[] = ["PRO", "UNLIMITED"];

/**
 * When a Pro or Unlimited plan ends, its galleries stay exactly as they were
 * (white-labeled) for this many days after the end, then carry Vidfolio's footer. Nothing is
 * deleted, then or ever, by a plan ending; the export (Account → Export) stays open on any plan.
 */
export const PLAN_LAPSE_GRACE_DAYS = 30;
/** The reminder mail goes this many days before the grace ends. */
export const PLAN_LAPSE_REMINDER_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of the grace of a plan that ends at `endedAt`. */
export const graceEndFor = (endedAt: Date): Date => new Date(endedAt.getTime() + PLAN_LAPSE_GRACE_DAYS * DAY_MS);

/** A studio's plan and, if one lapsed, its grace (Admin.plan, lapsedPlan, graceUntil). */
export type PlanState = { plan: Plan; lapsedPlan?: Plan | null; graceUntil?: Date | null };

/** True while a white-label plan that ended is still in its grace at `now`. */
export function inLapseGrace(s: PlanState, now: number = Date.now()): boolean {
  return !!s.lapsedPlan && WHITE_LABEL_PLANS.includes(s.lapsedPlan) && !!s.graceUntil && s.graceUntil.getTime() > now;
}

/** Whether the studio's galleries are white-labeled at `now`: its plan includes it, or a plan that did is in its grace. */
export function isWhiteLabel(s: PlanState, now: number = Date.now()): boolean {
  return WHITE_LABEL_PLANS.includes(s.plan) || inLapseGrace(s, now);
}

export type CreditPack = { id: string; credits: number; gb: number; priceCents: number };

/** On Demand packs: one credit is 5 GB. */
export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: "pack-5", credits: 5, gb: 25, priceCents: 3500 },
  { id: "pack-10", credits: 10, gb: 50, priceCents: 6500 },
  { id: "pack-20", credits: 20, gb: 100, priceCents: 12000 },
  { id: "pack-100", credits: 100, gb: 500, priceCents: 50000 },
];

export type Subscription = {
  plan: Extract<Plan, "PRO" | "UNLIMITED">;
  name: string;
  priceCents: number;
  creditsMb: number;
  uploadPerYear: string;
};

export const SUBSCRIPTIONS: readonly Subscription[] = [
  { plan: "PRO", name: "Pro", priceCents: 7900, creditsMb: 1048576, uploadPerYear: "1 TB" },
  { plan: "UNLIMITED", name: "Unlimited", priceCents: 16500, creditsMb: 5242880, uploadPerYear: "5 TB" },
];

/** The three cards of /pricing and of the plan page, in order. */
export const PLAN_CARDS = [
  {
    plan: "ON_DEMAND" as const,
    name: "On Demand",
    price: "No monthly fee",
    priceNote: "Pay as you go",
    features: [...CREDIT_PACKS.map((p) => `${p.credits} credits = ${p.gb}GB for $${p.priceCents / 100}`), "Without white-labeling"],
  },
  ...SUBSCRIPTIONS.map((s) => ({
    plan: s.plan,
    name: s.name,
    price: `$${s.priceCents / 100}`,
    priceNote: "per month",
    features: [`${s.uploadPerYear} upload per year`, "2 years of gallery access and downloads", "White-labeling"],
  })),
];

/** One On Demand credit is 5 GB (spec §9: 5 credits = 25GB). */
const MB_PER_CREDIT = 5 * 1024;

/** What a checkout sells: a pack (one payment) or a plan (a monthly subscription). */
export type CatalogueItem =
  | { kind: "pack"; id: string; plan: "ON_DEMAND"; name: string; description: string; priceCents: number; creditsMb: number }
  | { kind: "subscription"; id: string; plan: "PRO" | "UNLIMITED"; name: string; description: string; priceCents: number; creditsMb: number };

export function packItem(credits: number): CatalogueItem | undefined {
  const pack = CREDIT_PACKS.find((p) => p.credits === credits);
  return (
    pack && {
      kind: "pack",
      id: pack.id,
      plan: "ON_DEMAND",
      name: `On Demand — ${pack.credits} credits`,
      description: `${pack.credits} credits = ${pack.gb}GB of storage`,
      priceCents: pack.priceCents,
      creditsMb: pack.credits * MB_PER_CREDIT,
    }
  );
}

export function subscriptionItem(name: string): CatalogueItem | undefined {
  const sub = SUBSCRIPTIONS.find((s) => s.name.toLowerCase() === name.trim().toLowerCase() || s.plan === name || PLAN_LABELS[s.plan] === name);
  return (
    sub && {
      kind: "subscription",
      id: sub.plan,
      plan: sub.plan,
      name: `${sub.name} plan`,
      description: `${sub.uploadPerYear} upload per year, 2 years of gallery access and downloads, white-labeling`,
      priceCents: sub.priceCents,
      creditsMb: sub.creditsMb,
    }
  );
}

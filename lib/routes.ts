// Route names used by the gate, the redirects and the links. Pure: safe in client code.
import type { Plan, Role } from "@/generated/prisma/enums";

export const PRODUCT_SLUG = "vidfolio";
export const SUPERADMIN_BASE = `/${PRODUCT_SLUG}-superadmin`;

export const ROUTES = {
  home: "/",
  login: "/login",
  signup: "/signup",
  pricing: "/pricing",
  checkout: "/checkout",
  success: "/success",
  galleries: "/studio/galleries",
  superadminLogin: `${SUPERADMIN_BASE}/login`,
  superadminHome: `${SUPERADMIN_BASE}/clientdata`,
} as const;

export const ACCOUNT_SECTIONS = [
  { slug: "accountsetting", label: "Account Setting" },
  { slug: "companysetting", label: "Company Setting" },
  { slug: "domainsetting", label: "Domain Setting" },
  { slug: "planbill", label: "Plan & Billing" },
  { slug: "creditusage", label: "Credit Usage" },
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]["slug"];

export function accountPath(section: AccountSection): string {
  return `/studio/account/${section}`;
}

/** Where a signed-in account lands (spec §4): super admin → panel, no plan → checkout, else studio. */
export function landingPath(account: { role: Role; plan: Plan }): string {
  if (account.role === "superadmin") return ROUTES.superadminHome;
  if (account.plan === "NO_PLAN") return ROUTES.checkout;
  return ROUTES.galleries;
}

/** True for a same-site relative path (no `//host`, no scheme): safe to redirect to. */
export function isSafeRedirect(path: string | null | undefined): path is string {
  return !!path && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

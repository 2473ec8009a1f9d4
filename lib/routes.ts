// Route names used by the gate, the redirects and the links. Pure: safe in client code.
import type { Plan, Role } from "@/generated/prisma/enums";
import type { SessionScope } from "@/lib/auth/scope";

const PRODUCT_SLUG = "vidfolio";
export const SUPERADMIN_BASE = `/${PRODUCT_SLUG}-superadmin`;

export const ROUTES = {
  home: "/",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  pricing: "/pricing",
  checkout: "/checkout",
  success: "/success",
  galleries: "/studio/galleries",
  customers: "/studio/customers",
  superadminLogin: `${SUPERADMIN_BASE}/login`,
  superadminHome: `${SUPERADMIN_BASE}/clientdata`,
  superadminMail: `${SUPERADMIN_BASE}/mail`,
  superadminAudit: `${SUPERADMIN_BASE}/audit`,
  /** The API reference (Redoc, from /api/openapi.json) and the bundle it runs. */
  apiReference: "/docs/api",
  apiReferenceBundle: "/docs/api/redoc-bundle",
} as const;

export const ACCOUNT_SECTIONS = [
  { slug: "accountsetting", label: "Account Setting" },
  { slug: "companysetting", label: "Company Setting" },
  { slug: "domainsetting", label: "Domain Setting" },
  { slug: "planbill", label: "Plan & Billing" },
  { slug: "creditusage", label: "Credit Usage" },
  { slug: "payments", label: "Payments" },
  { slug: "export", label: "Export" },
  { slug: "api", label: "API" },
  { slug: "webhooks", label: "Webhooks" },
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]["slug"];

/** A customer's page in the studio (its screens say "Clients"). */
export function customerPath(customerId: string): string {
  return `/studio/customers/${customerId}`;
}

export function accountPath(section: AccountSection): string {
  return `/studio/account/${section}`;
}

/** Each sign-in page and the face whose session a person arriving there leaves (proxy.ts). */
export const SIGN_IN_SCOPES: Readonly<Record<string, SessionScope>> = { [ROUTES.login]: "studio", [ROUTES.superadminLogin]: "superadmin" };
/** The sign-in pages (the Pages Router's, sent without any script: pages/login.tsx). */
export const SIGN_IN_PATHS: readonly string[] = Object.keys(SIGN_IN_SCOPES);

/**
 * Where a signed-in account lands (spec §4): super admin → panel; a studio with no
 * plan and no credits (no starter allowance either) → checkout, when payments are configured (a
 * checkout it cannot use helps nobody); else the studio.
 */
export function landingPath(account: { role: Role; plan: Plan; creditBytes: bigint }, paymentsConfigured: boolean): string {
  if (account.role === "superadmin") return ROUTES.superadminHome;
  if (account.plan === "NO_PLAN" && account.creditBytes <= BigInt(0) && paymentsConfigured) return ROUTES.checkout;
  return ROUTES.galleries;
}

/**
 * Where a sign-in from the sign-in page's form goes: the account's landing, or the studio page it
 * was sent to sign in from when the account lands on its galleries.
 */
export function landingAfterSignIn(landing: string | undefined, from: string | undefined): string {
  const target = safeRedirectPath(landing) ?? ROUTES.galleries;
  const back = safeRedirectPath(from);
  return target === ROUTES.galleries && back?.startsWith("/studio/") ? back : target;
}

const DUMMY_ORIGIN = "http://vidfolio.invalid";

/**
 * The in-app path a user-supplied redirect target (`?return=`, `?callbackUrl=`) really leads to,
 * or null when it could lead anywhere else. Browsers strip tabs and newlines from a URL, treat `\`
 * like `/`, and accept `//host`, `/\host`, `https:host` and percent-encoded or look-alike variants
 * of these, so the target is decoded (repeatedly), refused if it contains a control character, a
 * backslash or anything but printable ASCII, and then resolved against a dummy origin: it must stay
 * on that origin and be a path. The answer is the normalised path (use it, not the input).
 */
export function safeRedirectPath(target: string | null | undefined): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return null;
  let decoded = target;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // Tabs, CR/LF and other controls (stripped by browsers), backslashes (read as slashes) and
  // non-ASCII (unicode slashes and dots, full-width look-alikes) never belong in our own paths.
  for (const value of [target, decoded]) if (/[^\x21-\x7e]|\\/.test(value)) return null;
  if (!decoded.startsWith("/") || decoded.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(target, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== DUMMY_ORIGIN || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}

/** True when a user-supplied redirect target stays inside the app (see safeRedirectPath). */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return safeRedirectPath(target) !== null;
}

/**
 * The gallery editor's sections (spec §2; their names are TEXTS.gallerySections). Guests, Review
 * and Insights (the editor's full width, with no preview beside it) follow.
 */
export const GALLERY_SECTIONS = [
  { slug: "videos" },
  { slug: "linkmediamain" },
  { slug: "heading" },
  { slug: "background" },
  { slug: "music" },
  { slug: "styles" },
  { slug: "settings" },
  { slug: "deliver" },
  { slug: "guests" },
  { slug: "review" },
  { slug: "insights" },
] as const;

export type GallerySection = (typeof GALLERY_SECTIONS)[number]["slug"];

/** The sections shown at the editor's full width, without the live preview beside them. */
export const WIDE_SECTIONS: readonly GallerySection[] = ["review", "insights"];

export function isGallerySection(value: string): value is GallerySection {
  return GALLERY_SECTIONS.some((s) => s.slug === value);
}

export function galleryPath(galleryId: string, section: GallerySection = "videos"): string {
  return `/studio/galleries/${galleryId}/${section}`;
}

/** The folder view, with a folder selected when given. */
export function foldersPath(folderId?: string): string {
  return folderId ? `${ROUTES.galleries}?folder=${encodeURIComponent(folderId)}` : ROUTES.galleries;
}

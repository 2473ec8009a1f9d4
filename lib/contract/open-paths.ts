// The path templates of every public door (`who: "public"`): anyone may call them, so proxy.ts lets
// them through without credentials (each handler decides the rest). A door declared public takes
// its path from here, so the proxy cannot forget it: tests/unit/proxy-public-doors.test.ts fails
// while a public door's template is missing here, or a door here is not public, and sends every
// door through proxy() to prove it. Pure, with no zod: the proxy's bundle and the sign-in page
// import it, not the contract (the contract would add ~15 KB gzipped to every request's proxy).
import {
  fillTemplate,
  PUBLIC_ACCESS_REQUEST_PATH,
  PUBLIC_ARCHIVE_PATH,
  PUBLIC_CAPTIONS_PATH,
  PUBLIC_CHAPTERS_PATH,
  PUBLIC_COMMENT_PATH,
  PUBLIC_COMMENTS_LIVE_PATH,
  PUBLIC_APPROVAL_PATH,
  PUBLIC_COMMENTS_PATH,
  PUBLIC_CONTENT_PATH,
  PUBLIC_DOWNLOAD_PATH,
  PUBLIC_ENGAGEMENT_PATH,
  PUBLIC_ENTRY_PATH,
  PUBLIC_GUEST_PATH,
  PUBLIC_PAY_PATH,
  PUBLIC_PIN_PATH,
  PUBLIC_PLAYLIST_PATH,
  PUBLIC_STREAM_PATH,
  PUBLIC_UNLOCK_PATH,
  PUBLIC_VERSIONS_PATH,
  PUBLIC_VIEWS_PATH,
} from "@/lib/contract/paths";

/** next-auth's own doors (accounts.nextAuthGet/nextAuthPost). */
const NEXT_AUTH_PATH = "/api/auth/:nextauth*";

export const OPEN_PATHS = {
  content: PUBLIC_CONTENT_PATH,
  entry: PUBLIC_ENTRY_PATH,
  unlock: PUBLIC_UNLOCK_PATH,
  guest: PUBLIC_GUEST_PATH,
  pin: PUBLIC_PIN_PATH,
  archive: PUBLIC_ARCHIVE_PATH,
  download: PUBLIC_DOWNLOAD_PATH,
  stream: PUBLIC_STREAM_PATH,
  playlist: PUBLIC_PLAYLIST_PATH,
  captions: PUBLIC_CAPTIONS_PATH,
  chapters: PUBLIC_CHAPTERS_PATH,
  versions: PUBLIC_VERSIONS_PATH,
  views: PUBLIC_VIEWS_PATH,
  engagement: PUBLIC_ENGAGEMENT_PATH,
  comments: PUBLIC_COMMENTS_PATH,
  comment: PUBLIC_COMMENT_PATH,
  commentsLive: PUBLIC_COMMENTS_LIVE_PATH,
  approval: PUBLIC_APPROVAL_PATH,
  pay: PUBLIC_PAY_PATH,
  accessRequest: PUBLIC_ACCESS_REQUEST_PATH,
  localGalleryPay: "/api/payments/local/gallery/:sessionId/pay",
  localGalleryCancel: "/api/payments/local/gallery/:sessionId/cancel",
  inviteOpened: "/api/public/invites/open/:inviteId",
  inviteMedia: "/api/public/invites/media/:inviteId",
  login: "/api/admin/login",
  register: "/api/admin/register",
  passwordReset: "/api/password-reset",
  passwordResetComplete: "/api/password-reset/complete",
  nextAuth: NEXT_AUTH_PATH,
  health: "/api/health",
  openapi: "/api/openapi.json",
  stripeWebhook: "/api/webhooks/stripe",
  domainAsk: "/api/domains/ask",
} as const;

/** A template as a whole-path pattern: `:name` one segment, `:name*` the rest of the path. */
export function templatePattern(template: string): RegExp {
  const source = template
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace(/:\w+\*/g, ".+")
    .replace(/:\w+/g, "[^/]+");
  return new RegExp(`^${source}$`);
}

const OPEN = Object.values(OPEN_PATHS).map(templatePattern);

/** Whether a request's path is a public door's (proxy.ts asks no credentials for it). */
export const isOpenPath = (pathname: string): boolean => OPEN.some((re) => re.test(pathname));

/** An address of next-auth's own doors: the sign-in form's credentials callback, its CSRF refusal's sign-in page, the Log Out button's sign-out. */
export const nextAuthPath = (action: "signout" | "signin" | "callback/credentials", query = ""): string => `${fillTemplate(NEXT_AUTH_PATH, { nextauth: action })}${query && `?${query}`}`;

// The copy of the marketing About Us and Company pages: real copy about the product. Kept out of
// TEXTS (lib/texts/index.ts), which the studio's client bundles import whole: these paragraphs are
// read only by the server-rendered marketing pages. Each feature named here exists in the app today.
import { VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";

type ProseSection = { heading: string; paragraphs: readonly string[] };
export type ProsePage = { title: string; lead: string; sections: readonly ProseSection[] };

export const ABOUT_PAGE: ProsePage = {
  title: "About Us",
  lead: "Vidfolio is where videographers deliver their films: a private gallery for every couple, family or client, in the studio's own colours, that plays beautifully on every screen.",
  sections: [
    {
      heading: "Made for delivering films",
      paragraphs: [
        "A wedding film, a highlight reel and a full ceremony deserve better than a download link. In Vidfolio a studio uploads its films into folders and galleries; each film becomes playable within moments of its upload, and is then optimised into an adaptive ladder so that it starts at once and stays sharp on a phone, a laptop or a television.",
        "Guests open the gallery from one link, play the films, follow the chapters and captions, cast to the TV and, when the studio allows it, download a film or the whole gallery.",
      ],
    },
    {
      heading: "The studio's gallery, not ours",
      paragraphs: [
        "Every gallery wears the studio's name, logo and favicon, the fonts of its choice, its own accent and text colours, and a cover framed on the point that matters. Galleries can live on the studio's own domain, where a guest never sees Vidfolio's name.",
        "The page speaks the guest's language (English, French, German, Spanish, Italian and Portuguese) or the one the studio sets.",
      ],
    },
    {
      heading: "Private by default",
      paragraphs: [
        "A gallery can ask for a password, close on a date (with reminders to its guests before it does), and keep downloads behind a PIN. Personal guest links say who watched; insights show the views, the visits and the downloads of each film.",
      ],
    },
  ],
};

export const COMPANY_PAGE: ProsePage = {
  title: "Company",
  lead: "Vidfolio is a small, independent software company building the delivery platform that film studios use to hand over their work.",
  sections: [
    {
      heading: "What we do",
      paragraphs: [
        "We build and run Vidfolio: uploads that survive a shaky connection, video processing that puts a studio's films in front of its guests quickly, a gallery page that loads fast on a modest phone, and delivery by e-mail with personal links for each guest.",
      ],
    },
    {
      heading: "How we work",
      paragraphs: [
        "Studios pay for the storage they use, with plans and credits they can follow month by month in their account. Their films and galleries stay theirs: a studio can export everything it has stored, films, galleries, guests and settings, and import it again.",
        "Developers can reach the same features through a documented API with scoped keys and signed webhooks.",
      ],
    },
    {
      heading: "Talk to us",
      paragraphs: ["Questions about Vidfolio, a studio's account or a partnership are welcome: the Contact page has our address, e-mail and phone."],
    },
  ],
};

/** The site's title and description: the App Router's root metadata and the marketing pages' heads. */
export const SITE = {
  title: "Vidfolio — deliver your films beautifully",
  /** A page's title in the browser's tab: "Pricing · Vidfolio". */
  pageTitle: (title: string) => `${title} · Vidfolio`,
  description: "Vidfolio is where professional videographers deliver finished films to their clients: branded galleries, fast streaming, your own domain.",
} as const;

/** The viewer's languages in plain English, from the one list (lib/viewer-i18n/language.cjs): "English, Spanish, … and Portuguese". */
const VIEWER_LANGUAGE_LIST = (() => {
  const names = (VIEWER_LANGUAGES as readonly string[]).map((code) => new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code);
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
})();

/** The product's five strengths, as the home page tells them (each beside its screenshot, components/marketing/site-shots.ts). */
export type ProductFeature = { id: "review" | "approval" | "pay" | "watermark" | "versions" | "languages"; name: string; title: string; text: string; points: readonly string[]; alt: string };

export const PRODUCT_FEATURES: readonly ProductFeature[] = [
  {
    id: "review",
    name: "Review",
    title: "Comments on the exact frame",
    text: "Make a client a reviewer and they comment at the exact second, mark a range, or draw on the frame to show what they mean. You reply and resolve beside the film, and each comment's marker on the timeline jumps straight to its moment.",
    points: ["Time-coded comments, ranges and replies", "Drawings on the frame: a circle says more than a paragraph"],
    alt: "The studio's player: a film with a circle drawn on the frame, and the couple's time-coded comments beside it",
  },
  {
    id: "approval",
    name: "Approval",
    title: "Approve, or request changes",
    text: "Each reviewer approves the version they watched, or requests changes with a note saying what to change. One table shows every film's state, its open comments and the revision rounds used — set how many rounds are included if you like.",
    points: ["Approve or request changes, version by version", "Optionally, approving a film unlocks its download"],
    alt: "The gallery's review table: one film approved by both clients, one with changes requested on its first version",
  },
  {
    id: "pay",
    name: "Pay to unlock",
    title: "Pay to unlock: paid before they watch",
    text: "Put a price on a gallery and switch on Pay to unlock. Your client pays on Stripe's checkout, into your own Stripe account, and the films and downloads open by themselves as soon as the payment is in. A deposit already received and a due date show on the pay screen.",
    points: ["Payments go to your own Stripe account", "A full refund locks the gallery again", "Paid some other way? Mark it paid by hand"],
    alt: "An unpaid gallery showing the amount due, the deposit already received and a Pay button",
  },
  {
    id: "watermark",
    name: "Watermarks",
    title: "Watermarked previews until it's paid",
    text: "While a gallery waits for payment, your client watches a preview of each film (up to 720p) with your watermark burned into the picture: your text or your logo, in the corner or the centre, at the opacity you choose. No download and no clean frame before payment — even the thumbnails come from the preview.",
    points: ["Your text or logo, position and opacity", "Clean films replace the previews once paid"],
    alt: "A film preview with the studio's watermark in its corner",
  },
  {
    id: "versions",
    name: "Versions",
    title: "Versions: v1, v2, side by side",
    text: "Upload a new cut as the next version and keep the earlier ones. Comments and decisions stay with the version they were made on. Compare two versions on one clock, side by side, or drag a wipe across them on a desktop — you and your reviewers alike.",
    points: ["Every earlier cut kept until you delete it", "Side-by-side or wipe comparison"],
    alt: "Two versions of the same film compared side by side, playing on one clock",
  },
  {
    id: "languages",
    name: `${VIEWER_LANGUAGES.length} languages`,
    title: "Your clients' language",
    text: `The gallery, its review panel, the pay screen and the mails your clients receive speak ${VIEWER_LANGUAGE_LIST}: the language of the viewer's browser, or the one you set for a gallery or a guest.`,
    points: ["The viewer switches language in one click", "Invitations, reminders and receipts in the guest's language"],
    alt: "A client's gallery shown in French",
  },
];

/** The pricing page: what every plan includes, and what differs by plan (lib/services/money/rules/plans.ts decides it). */
export const PRICING_PAGE = {
  lead: "Storage is counted in credits. Pay as you go with On Demand packs, or subscribe to Pro or Unlimited for a year of uploads and white-labelled galleries. Prices in US dollars.",
  everyPlanTitle: "Every plan includes",
  everyPlan: [
    { name: "Review and approval", text: "time-coded comments and drawings; approve or request changes" },
    { name: "Pay to unlock", text: "clients pay through your own Stripe account before they watch or download" },
    { name: "Watermarks", text: "watermarked previews until the gallery is paid" },
    { name: "Versions", text: "v1, v2 and on, compared side by side or with a wipe" },
    { name: `${VIEWER_LANGUAGES.length} languages`, text: `the gallery and your clients' mails in ${VIEWER_LANGUAGE_LIST}` },
    { name: "Your own domain", text: "galleries on films.yourstudio.com" },
    { name: "Your brand", text: "your logo, favicon, fonts and colours on every gallery" },
  ],
  tourLink: "See each of them on real screens",
  byPlanTitle: "Plan by plan",
  byPlanCaption: "What each plan includes",
  yes: "Included",
  no: "Not included",
  rows: {
    features: "Review, pay to unlock, watermarks, versions, languages",
    domain: "Your own domain",
    branding: "Your logo, favicon, fonts and colours",
    whiteLabel: "No “made with Vidfolio” footer (white-labeling)",
  },
} as const;

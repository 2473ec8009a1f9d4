// The copy of the marketing About Us and Company pages: real copy about the product. Kept out of
// TEXTS (lib/texts/index.ts), which the studio's client bundles import whole: these paragraphs are
// read only by the two server-rendered pages. Each feature named here exists in the app today.

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

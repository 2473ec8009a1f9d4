// The shape of a guest mail's words in one language (lib/mail/guest-texts/): every language's
// table has exactly these keys, so a missing one is a compile error.
export type GuestMailTexts = {
  /** The `lang` of the mail's HTML and the locale of its dates. */
  locale: string;
  date: (d: Date) => string;
  dateTime: (d: Date) => string;
  hello: string;
  greeting: (name: string) => string;
  signatureFooter: string;
  delivery: {
    subject: string;
    preview: (studio: string, title: string) => string;
    shared: (studio: string, title: string) => string;
    linkUntil: (date: string) => string;
    button: string;
    copyAddress: string;
    messageFrom: (studio: string) => string;
    pinIncluded: string;
    pinAsk: (studio: string) => string;
  };
  /** A guest's receipt of their decision on a film (review). */
  approval: {
    subject: (approved: boolean) => string;
    heading: (approved: boolean, film: string, version: number) => string;
    told: (studio: string) => string;
    note: string;
    button: string;
    footer: (studio: string, title: string) => string;
  };
  reminder: {
    subject: (daysLeft: number) => string;
    heading: (title: string, daysLeft: number) => string;
    body: (studio: string, title: string, date: string) => string;
    downloads: string;
    linkIntro: string;
    button: string;
    footer: (studio: string, title: string) => string;
  };
};

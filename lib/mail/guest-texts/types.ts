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
  /** The payer's receipt of a gallery's payment (Paid delivery). */
  receipt: {
    subject: (title: string) => string;
    preview: (amount: string, studio: string) => string;
    heading: string;
    paid: (amount: string, studio: string, title: string, when: string) => string;
    open: string;
    provider: (studio: string) => string;
    button: string;
  };
  /** The checkout page a guest pays on (the test provider's page; Stripe's speaks the language it is given). */
  checkout: {
    pageTitle: string;
    testNote: string;
    title: (studio: string) => string;
    for: string;
    amount: string;
    email: string;
    pay: string;
    cancel: string;
    closed: { paid: string; expired: string; refunded: string };
    back: string;
  };
};

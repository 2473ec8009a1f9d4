// The words of the mails a studio's guest gets (the delivery mail and the reminders), per viewer
// language (issue 39 item 3): the one home of those texts. English and French are written out; the
// other viewer languages (es, de, it, pt) fall back to English until they are translated. Dates are
// in UTC, in the language's own form. Pure: the mail templates and the tests import it.
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";
import { mailDate, mailDateTime } from "@/lib/mail/dates";

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

const enExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "tomorrow" : `in ${daysLeft} days`);

const en: GuestMailTexts = {
  locale: "en",
  date: (d) => mailDate(d),
  dateTime: (d) => mailDateTime(d),
  hello: "Hello,",
  greeting: (name) => `Hi ${name},`,
  signatureFooter: "Vidfolio · Film delivery for professional videographers",
  delivery: {
    subject: "A film gallery has been shared with you",
    preview: (studio, title) => `${studio} has shared “${title}” with you.`,
    shared: (studio, title) => `${studio} has shared the gallery “${title}” with you. The button below opens it: the link is yours alone, so please do not forward it.`,
    linkUntil: (date) => `Your link works until ${date}.`,
    button: "Open the gallery",
    copyAddress: "If the button does not work, copy this address into your browser:",
    messageFrom: (studio) => `A message from ${studio}:`,
    pinIncluded: "Downloads ask for a PIN. Your download PIN:",
    pinAsk: (studio) => `Downloads ask for a PIN: please ask ${studio} for it.`,
  },
  reminder: {
    subject: (daysLeft) => `Your gallery expires ${enExpiresIn(daysLeft)}`,
    heading: (title, daysLeft) => `${title} expires ${enExpiresIn(daysLeft)}`,
    body: (studio, title, date) => `A reminder from ${studio}: “${title}” will be available until ${date}. After that, the gallery closes.`,
    downloads: "Take a moment to download the films you want to keep before then.",
    linkIntro: "Your personal link opens the gallery directly:",
    button: "Open the gallery",
    footer: (studio, title) => `You receive this because ${studio} shared “${title}” with you.`,
  },
};

const frExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "demain" : `dans ${daysLeft} jours`);

const fr: GuestMailTexts = {
  locale: "fr",
  date: (d) => mailDate(d, "fr-FR"),
  dateTime: (d) => mailDateTime(d, "fr-FR"),
  hello: "Bonjour,",
  greeting: (name) => `Bonjour ${name},`,
  signatureFooter: "Vidfolio · La livraison de films pour les vidéastes professionnels",
  delivery: {
    subject: "Une galerie de films a été partagée avec vous",
    preview: (studio, title) => `${studio} a partagé « ${title} » avec vous.`,
    shared: (studio, title) => `${studio} a partagé la galerie « ${title} » avec vous. Le bouton ci-dessous l’ouvre : ce lien n’est qu’à vous, merci de ne pas le transférer.`,
    linkUntil: (date) => `Votre lien fonctionne jusqu’au ${date}.`,
    button: "Ouvrir la galerie",
    copyAddress: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
    messageFrom: (studio) => `Un message de ${studio} :`,
    pinIncluded: "Les téléchargements demandent un code. Votre code de téléchargement (PIN) :",
    pinAsk: (studio) => `Les téléchargements demandent un code PIN : demandez-le à ${studio}.`,
  },
  reminder: {
    subject: (daysLeft) => `Votre galerie expire ${frExpiresIn(daysLeft)}`,
    heading: (title, daysLeft) => `${title} expire ${frExpiresIn(daysLeft)}`,
    body: (studio, title, date) => `Un rappel de ${studio} : « ${title} » reste disponible jusqu’au ${date}. Ensuite, la galerie ferme.`,
    downloads: "Prenez le temps de télécharger les films que vous souhaitez garder d’ici là.",
    linkIntro: "Votre lien personnel ouvre directement la galerie :",
    button: "Ouvrir la galerie",
    footer: (studio, title) => `Vous recevez ce message parce que ${studio} a partagé « ${title} » avec vous.`,
  },
};

/** The languages written out; the others fall back to English. */
const WRITTEN: Partial<Record<ViewerLanguage, GuestMailTexts>> = { en, fr };

/** A guest mail's words in `language` (English for a language not written out yet). */
export const guestMailTexts = (language: ViewerLanguage): GuestMailTexts => WRITTEN[language] ?? en;

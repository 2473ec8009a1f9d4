// The guest mails' words in French (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const frExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "demain" : `dans ${daysLeft} jours`);

export const fr: GuestMailTexts = {
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
  approval: {
    subject: (approved) => (approved ? "Votre validation a bien été reçue" : "Votre demande de modifications a bien été reçue"),
    heading: (approved, film, version) => (approved ? `Vous avez validé « ${film} » (v${version})` : `Vous avez demandé des modifications sur « ${film} » (v${version})`),
    told: (studio) => `${studio} en a été informé et le verra avec le film.`,
    note: "Votre note :",
    button: "Ouvrir la galerie",
    footer: (studio, title) => `Vous recevez ce message car vous avez relu des films de « ${title} », partagée par ${studio}.`,
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
  receipt: {
    subject: (title) => `Votre paiement pour ${title}`,
    preview: (amount, studio) => `${amount} payés à ${studio}.`,
    heading: "Merci pour votre paiement",
    paid: (amount, studio, title, when) => `Vous avez payé ${amount} à ${studio} pour ${title} le ${when}.`,
    open: "Les films complets et leurs téléchargements sont ouverts, avec le même lien qu’avant.",
    provider: (studio) => `Le paiement a été encaissé par le prestataire de paiement de ${studio}, dont le nom figure sur votre relevé. Gardez ce message comme reçu.`,
    button: "Regarder vos films",
  },
  checkout: {
    pageTitle: "Paiement de test",
    testNote: "Mode test : aucune carte n’est débitée et personne n’est payé.",
    title: (studio) => `Payer ${studio}`,
    for: "Pour",
    amount: "Montant",
    email: "E-mail pour le reçu",
    pay: "Payer",
    cancel: "Annuler",
    closed: { paid: "Ce paiement est déjà réglé.", expired: "Ce paiement a expiré.", refunded: "Ce paiement a été remboursé." },
    back: "Retour à la galerie",
  },
};

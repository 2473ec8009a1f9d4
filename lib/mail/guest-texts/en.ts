// The guest mails' words in English (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const enExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "tomorrow" : `in ${daysLeft} days`);

export const en: GuestMailTexts = {
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
  approval: {
    subject: (approved) => (approved ? "Your approval was received" : "Your change request was received"),
    heading: (approved, film, version) => (approved ? `You approved “${film}” (v${version})` : `You asked for changes on “${film}” (v${version})`),
    told: (studio) => `${studio} has been told and will see it with the film.`,
    note: "Your note:",
    button: "Open the gallery",
    footer: (studio, title) => `You receive this because you reviewed films in “${title}”, shared by ${studio}.`,
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
  receipt: {
    subject: (title) => `Your payment for ${title}`,
    preview: (amount, studio) => `${amount} paid to ${studio}.`,
    heading: "Thank you for your payment",
    paid: (amount, studio, title, when) => `You paid ${amount} to ${studio} for ${title} on ${when}.`,
    open: "The full films and their downloads are open now, on the same link as before.",
    provider: (studio) => `The payment was taken by ${studio}'s payment provider; your card statement names them. Keep this mail as your receipt.`,
    button: "Watch your films",
  },
  checkout: {
    pageTitle: "Test payment",
    testNote: "Test mode: no card is charged and nobody is paid.",
    title: (studio) => `Pay ${studio}`,
    for: "For",
    amount: "Amount",
    email: "E-mail for the receipt",
    pay: "Pay",
    cancel: "Cancel",
    closed: { paid: "This checkout is paid.", expired: "This checkout has expired.", refunded: "This checkout was refunded." },
    back: "Back to the gallery",
  },
};

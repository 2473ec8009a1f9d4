// The guest mails' words in German (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const deExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "morgen" : `in ${daysLeft} Tagen`);

export const de: GuestMailTexts = {
  locale: "de",
  date: (d) => mailDate(d, "de-DE"),
  dateTime: (d) => mailDateTime(d, "de-DE"),
  hello: "Hallo,",
  greeting: (name) => `Hallo ${name},`,
  signatureFooter: "Vidfolio · Filmauslieferung für professionelle Videografen",
  delivery: {
    subject: "Eine Filmgalerie wurde mit Ihnen geteilt",
    preview: (studio, title) => `${studio} hat „${title}“ mit Ihnen geteilt.`,
    shared: (studio, title) => `${studio} hat die Galerie „${title}“ mit Ihnen geteilt. Die Schaltfläche unten öffnet sie: Der Link gilt nur für Sie, bitte leiten Sie ihn nicht weiter.`,
    linkUntil: (date) => `Ihr Link ist bis zum ${date} gültig.`,
    button: "Galerie öffnen",
    copyAddress: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
    messageFrom: (studio) => `Eine Nachricht von ${studio}:`,
    pinIncluded: "Für Downloads wird eine PIN benötigt. Ihre Download-PIN:",
    pinAsk: (studio) => `Für Downloads wird eine PIN benötigt: Bitte fragen Sie ${studio} danach.`,
  },
  approval: {
    subject: (approved) => (approved ? "Ihre Freigabe ist eingegangen" : "Ihre Änderungswünsche sind eingegangen"),
    heading: (approved, film, version) => (approved ? `Sie haben „${film}“ freigegeben (v${version})` : `Sie haben Änderungen an „${film}“ angefragt (v${version})`),
    told: (studio) => `${studio} wurde informiert und sieht es beim Film.`,
    note: "Ihre Notiz:",
    button: "Galerie öffnen",
    footer: (studio, title) => `Sie erhalten diese E-Mail, weil Sie Filme in „${title}“ geprüft haben, geteilt von ${studio}.`,
  },
  reminder: {
    subject: (daysLeft) => `Ihre Galerie läuft ${deExpiresIn(daysLeft)} ab`,
    heading: (title, daysLeft) => `${title} läuft ${deExpiresIn(daysLeft)} ab`,
    body: (studio, title, date) => `Eine Erinnerung von ${studio}: „${title}“ ist bis zum ${date} verfügbar. Danach wird die Galerie geschlossen.`,
    downloads: "Bitte laden Sie bis dahin die Filme herunter, die Sie behalten möchten.",
    linkIntro: "Ihr persönlicher Link öffnet die Galerie direkt:",
    button: "Galerie öffnen",
    footer: (studio, title) => `Sie erhalten diese Nachricht, weil ${studio} „${title}“ mit Ihnen geteilt hat.`,
  },
  receipt: {
    subject: (title) => `Ihre Zahlung für ${title}`,
    preview: (amount, studio) => `${amount} an ${studio} bezahlt.`,
    heading: "Vielen Dank für Ihre Zahlung",
    paid: (amount, studio, title, when) => `Sie haben am ${when} ${amount} an ${studio} für ${title} bezahlt.`,
    open: "Die vollständigen Filme und ihre Downloads sind jetzt freigeschaltet, unter demselben Link wie zuvor.",
    provider: (studio) => `Die Zahlung hat der Zahlungsanbieter von ${studio} eingezogen; er steht auf Ihrer Kartenabrechnung. Bewahren Sie diese E-Mail als Beleg auf.`,
    button: "Ihre Filme ansehen",
  },
  checkout: {
    pageTitle: "Testzahlung",
    testNote: "Testmodus: Keine Karte wird belastet und niemand wird bezahlt.",
    title: (studio) => `${studio} bezahlen`,
    for: "Für",
    amount: "Betrag",
    email: "E-Mail für den Beleg",
    pay: "Bezahlen",
    cancel: "Abbrechen",
    closed: { paid: "Diese Zahlung ist bereits erfolgt.", expired: "Diese Zahlung ist abgelaufen.", refunded: "Diese Zahlung wurde erstattet." },
    back: "Zurück zur Galerie",
  },
};

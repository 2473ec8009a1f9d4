// The guest mails' words in Italian (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const itExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "domani" : `tra ${daysLeft} giorni`);

export const it: GuestMailTexts = {
  locale: "it",
  date: (d) => mailDate(d, "it-IT"),
  dateTime: (d) => mailDateTime(d, "it-IT"),
  hello: "Ciao,",
  greeting: (name) => `Ciao ${name},`,
  signatureFooter: "Vidfolio · La consegna dei film per videomaker professionisti",
  delivery: {
    subject: "Una galleria di film è stata condivisa con te",
    preview: (studio, title) => `${studio} ha condiviso «${title}» con te.`,
    shared: (studio, title) => `${studio} ha condiviso con te la galleria «${title}». Il pulsante qui sotto la apre: il link è solo tuo, ti chiediamo quindi di non inoltrarlo.`,
    linkUntil: (date) => `Il tuo link è valido fino al giorno ${date}.`,
    button: "Apri la galleria",
    copyAddress: "Se il pulsante non funziona, copia questo indirizzo nel tuo browser:",
    messageFrom: (studio) => `Un messaggio da parte di ${studio}:`,
    pinIncluded: "Per scaricare serve un codice. Il tuo codice di download (PIN):",
    pinAsk: (studio) => `Per scaricare serve un PIN: chiedilo a ${studio}.`,
  },
  approval: {
    subject: (approved) => (approved ? "Abbiamo ricevuto la tua approvazione" : "Abbiamo ricevuto la tua richiesta di modifiche"),
    heading: (approved, film, version) => (approved ? `Hai approvato “${film}” (v${version})` : `Hai chiesto modifiche a “${film}” (v${version})`),
    told: (studio) => `${studio} è stato avvisato e lo vedrà insieme al film.`,
    note: "La tua nota:",
    button: "Apri la galleria",
    footer: (studio, title) => `Ricevi questa email perché hai rivisto i film di “${title}”, condivisa da ${studio}.`,
  },
  reminder: {
    subject: (daysLeft) => `La tua galleria scade ${itExpiresIn(daysLeft)}`,
    heading: (title, daysLeft) => `${title} scade ${itExpiresIn(daysLeft)}`,
    body: (studio, title, date) => `Un promemoria da parte di ${studio}: «${title}» sarà disponibile fino al giorno ${date}. Dopo questa data la galleria verrà chiusa.`,
    downloads: "Prenditi un momento per scaricare entro quella data i film che vuoi conservare.",
    linkIntro: "Il tuo link personale apre direttamente la galleria:",
    button: "Apri la galleria",
    footer: (studio, title) => `Ricevi questo messaggio perché ${studio} ha condiviso «${title}» con te.`,
  },
  receipt: {
    subject: (title) => `Il tuo pagamento per ${title}`,
    preview: (amount, studio) => `${amount} pagati a ${studio}.`,
    heading: "Grazie per il tuo pagamento",
    paid: (amount, studio, title, when) => `Hai pagato ${amount} a ${studio} per ${title} il ${when}.`,
    open: "I film completi e i loro download sono ora aperti, con lo stesso link di prima.",
    provider: (studio) => `Il pagamento è stato incassato dal fornitore di pagamenti di ${studio}, che compare nell’estratto della tua carta. Conserva questa e-mail come ricevuta.`,
    button: "Guarda i tuoi film",
  },
  checkout: {
    pageTitle: "Pagamento di prova",
    testNote: "Modalità di prova: nessuna carta viene addebitata e nessuno viene pagato.",
    title: (studio) => `Paga ${studio}`,
    for: "Per",
    amount: "Importo",
    email: "E-mail per la ricevuta",
    pay: "Paga",
    cancel: "Annulla",
    closed: { paid: "Questo pagamento è già stato fatto.", expired: "Questo pagamento è scaduto.", refunded: "Questo pagamento è stato rimborsato." },
    back: "Torna alla galleria",
  },
};

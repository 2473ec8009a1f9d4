// The words of the mails a studio's guest gets (the delivery mail and the reminders), per viewer
// language (issue 39 item 3): the one home of those texts, one table per language, each of the
// viewer's six (lib/viewer-i18n) written out: the type makes a missing language or key a compile
// error. Words the viewer already translates are the viewer's (its "Open gallery", its "download PIN",
// its way of addressing the guest: "Sie" in German, "tú" in Spanish, "tu" in Italian, "você" in
// Brazilian Portuguese). The download PIN's digits always follow the word "PIN" (lib/mail/redact.ts
// hides them there). Dates are in UTC, in the language's own form. Pure: the mail templates and the
// tests import it.
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
  /** A guest's receipt of their decision on a film (issue 40 item 7). */
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
};

const esExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "mañana" : `en ${daysLeft} días`);

const es: GuestMailTexts = {
  locale: "es",
  date: (d) => mailDate(d, "es-ES"),
  dateTime: (d) => mailDateTime(d, "es-ES"),
  hello: "Hola:",
  greeting: (name) => `Hola, ${name}:`,
  signatureFooter: "Vidfolio · Entrega de películas para videógrafos profesionales",
  delivery: {
    subject: "Se ha compartido contigo una galería de películas",
    preview: (studio, title) => `${studio} ha compartido «${title}» contigo.`,
    shared: (studio, title) => `${studio} ha compartido contigo la galería «${title}». El botón de abajo la abre: el enlace es solo para ti, así que te pedimos que no lo reenvíes.`,
    linkUntil: (date) => `Tu enlace funciona hasta el ${date}.`,
    button: "Abrir galería",
    copyAddress: "Si el botón no funciona, copia esta dirección en tu navegador:",
    messageFrom: (studio) => `Un mensaje de ${studio}:`,
    pinIncluded: "Las descargas requieren un código. Tu código de descarga (PIN):",
    pinAsk: (studio) => `Las descargas requieren un PIN: pídeselo a ${studio}.`,
  },
  approval: {
    subject: (approved) => (approved ? "Hemos recibido tu aprobación" : "Hemos recibido tu petición de cambios"),
    heading: (approved, film, version) => (approved ? `Aprobaste “${film}” (v${version})` : `Pediste cambios en “${film}” (v${version})`),
    told: (studio) => `${studio} ya lo sabe y lo verá junto a la película.`,
    note: "Tu nota:",
    button: "Abrir la galería",
    footer: (studio, title) => `Recibes este correo porque revisaste películas de “${title}”, compartida por ${studio}.`,
  },
  reminder: {
    subject: (daysLeft) => `Tu galería caduca ${esExpiresIn(daysLeft)}`,
    heading: (title, daysLeft) => `${title} caduca ${esExpiresIn(daysLeft)}`,
    body: (studio, title, date) => `Un recordatorio de ${studio}: «${title}» estará disponible hasta el ${date}. Después, la galería se cerrará.`,
    downloads: "Aprovecha para descargar antes de esa fecha las películas que quieras conservar.",
    linkIntro: "Tu enlace personal abre la galería directamente:",
    button: "Abrir galería",
    footer: (studio, title) => `Recibes este mensaje porque ${studio} ha compartido «${title}» contigo.`,
  },
};

const deExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "morgen" : `in ${daysLeft} Tagen`);

const de: GuestMailTexts = {
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
};

const itExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "domani" : `tra ${daysLeft} giorni`);

const it: GuestMailTexts = {
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
};

const ptExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "amanhã" : `em ${daysLeft} dias`);

const pt: GuestMailTexts = {
  locale: "pt",
  date: (d) => mailDate(d, "pt-BR"),
  dateTime: (d) => mailDateTime(d, "pt-BR"),
  hello: "Olá,",
  greeting: (name) => `Olá, ${name},`,
  signatureFooter: "Vidfolio · Entrega de filmes para videomakers profissionais",
  delivery: {
    subject: "Uma galeria de filmes foi compartilhada com você",
    preview: (studio, title) => `${studio} compartilhou “${title}” com você.`,
    shared: (studio, title) => `${studio} compartilhou a galeria “${title}” com você. O botão abaixo abre a galeria: o link é só seu, por isso pedimos que não o encaminhe.`,
    linkUntil: (date) => `Seu link funciona até ${date}.`,
    button: "Abrir galeria",
    copyAddress: "Se o botão não funcionar, copie este endereço no seu navegador:",
    messageFrom: (studio) => `Uma mensagem de ${studio}:`,
    pinIncluded: "Os downloads pedem um código. Seu código de download (PIN):",
    pinAsk: (studio) => `Os downloads pedem um PIN: peça-o a ${studio}.`,
  },
  approval: {
    subject: (approved) => (approved ? "Recebemos sua aprovação" : "Recebemos seu pedido de alterações"),
    heading: (approved, film, version) => (approved ? `Você aprovou “${film}” (v${version})` : `Você pediu alterações em “${film}” (v${version})`),
    told: (studio) => `${studio} já foi avisado e verá isso junto ao filme.`,
    note: "Sua nota:",
    button: "Abrir galeria",
    footer: (studio, title) => `Você está recebendo esta mensagem porque revisou filmes de “${title}”, compartilhada por ${studio}.`,
  },
  reminder: {
    subject: (daysLeft) => `Sua galeria expira ${ptExpiresIn(daysLeft)}`,
    heading: (title, daysLeft) => `${title} expira ${ptExpiresIn(daysLeft)}`,
    body: (studio, title, date) => `Um lembrete de ${studio}: “${title}” ficará disponível até ${date}. Depois disso, a galeria será encerrada.`,
    downloads: "Aproveite para baixar antes disso os filmes que você quer guardar.",
    linkIntro: "Seu link pessoal abre a galeria diretamente:",
    button: "Abrir galeria",
    footer: (studio, title) => `Você está recebendo esta mensagem porque ${studio} compartilhou “${title}” com você.`,
  },
};

/** Every viewer language's table (a language left out is a compile error). */
export const GUEST_MAIL_TEXTS: Record<ViewerLanguage, GuestMailTexts> = { en, es, fr, de, it, pt };

/** A guest mail's words in `language`. */
export const guestMailTexts = (language: ViewerLanguage): GuestMailTexts => GUEST_MAIL_TEXTS[language];

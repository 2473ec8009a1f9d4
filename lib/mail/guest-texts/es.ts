// The guest mails' words in Spanish (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const esExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "mañana" : `en ${daysLeft} días`);

export const es: GuestMailTexts = {
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
  receipt: {
    subject: (title) => `Tu pago de ${title}`,
    preview: (amount, studio) => `${amount} pagados a ${studio}.`,
    heading: "Gracias por tu pago",
    paid: (amount, studio, title, when) => `Pagaste ${amount} a ${studio} por ${title} el ${when}.`,
    open: "Las películas completas y sus descargas ya están abiertas, con el mismo enlace de antes.",
    provider: (studio) => `El pago lo cobró el proveedor de pagos de ${studio}, que aparece en el extracto de tu tarjeta. Guarda este correo como recibo.`,
    button: "Ver tus películas",
  },
  checkout: {
    pageTitle: "Pago de prueba",
    testNote: "Modo de prueba: no se cobra ninguna tarjeta ni se paga a nadie.",
    title: (studio) => `Pagar a ${studio}`,
    for: "Por",
    amount: "Importe",
    email: "Correo para el recibo",
    pay: "Pagar",
    cancel: "Cancelar",
    closed: { paid: "Este pago ya está hecho.", expired: "Este pago ha caducado.", refunded: "Este pago fue reembolsado." },
    back: "Volver a la galería",
  },
};

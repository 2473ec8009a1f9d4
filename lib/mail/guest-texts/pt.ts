// The guest mails' words in Brazilian Portuguese (lib/mail/guest-texts/index.ts has every language).
import { mailDate, mailDateTime } from "@/lib/mail/dates";
import type { GuestMailTexts } from "@/lib/mail/guest-texts/types";

const ptExpiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "amanhã" : `em ${daysLeft} dias`);

export const pt: GuestMailTexts = {
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
  receipt: {
    subject: (title) => `Seu pagamento de ${title}`,
    preview: (amount, studio) => `${amount} pagos a ${studio}.`,
    heading: "Obrigado pelo seu pagamento",
    paid: (amount, studio, title, when) => `Você pagou ${amount} a ${studio} por ${title} em ${when}.`,
    open: "Os filmes completos e seus downloads já estão liberados, no mesmo link de antes.",
    provider: (studio) => `O pagamento foi recebido pelo provedor de pagamentos de ${studio}, que aparece na fatura do seu cartão. Guarde este e-mail como recibo.`,
    button: "Assistir aos seus filmes",
  },
  checkout: {
    pageTitle: "Pagamento de teste",
    testNote: "Modo de teste: nenhum cartão é cobrado e ninguém é pago.",
    title: (studio) => `Pagar ${studio}`,
    for: "Para",
    amount: "Valor",
    email: "E-mail para o recibo",
    pay: "Pagar",
    cancel: "Cancelar",
    closed: { paid: "Este pagamento já foi feito.", expired: "Este pagamento expirou.", refunded: "Este pagamento foi reembolsado." },
    back: "Voltar à galeria",
  },
};

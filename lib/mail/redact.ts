// What anyone but a mail's recipient may see of it: the super admin's outbox
// (lib/services/platform/records.ts) shows mails with every secret hidden, by one rule: the value of every
// parameter of every link, and every link's fragment, becomes '…'. A mail's secrets all ride there
// (a password reset's `token=`, a guest's personal link `k=`, the open pixel's and the mail
// images' signatures `s=`, a signed store address's `X-Amz-Signature=` or CloudFront's
// `Signature=`/`Policy=`), and no reader of the outbox needs a link's parameters: the names stay, so
// the reader still sees what kind of link it was. Hiding all of them, not a list of known names, is
// the point: a new mail with a new secret parameter is hidden without anyone remembering to add it.
// One secret rides outside links: a gallery's download PIN in a delivery mail.
// Every mail language says "PIN" right before it (lib/mail/guest-texts/), so the digits (4 to 8)
// that follow the word "PIN" with only spaces, a colon, a closing bracket or tags between become '…'.
// Pure (no imports): text in, text out.

/** A parameter in a query string (after '?', '&' or HTML's '&amp;'): its name, then its value up to the next separator, space, quote or bracket. */
const PARAMETER = /([?&](?:amp;)?[^=\s&#?<>"'[\]()]+=)[^\s&#<>"'[\]()]+/g;
/** A link's fragment ('#t=…', '#k=…'): after a link's path or query. */
const FRAGMENT = /(\b[a-z][a-z\d+.-]*:\/\/[^\s#<>"'[\]()]*|\/[^\s#<>"'[\]()]*\?[^\s#<>"'[\]()]*)#[^\s<>"'[\]()]+/gi;

/** A download PIN after the word "PIN": the word and what separates them (spaces, ':', ')', tags), then the digits. */
const PIN = /(\bPIN\b(?:[\s:)\]]|<[^<>]*>)*)\d{4,8}(?!\d)/g;

/** A mail's text (its subject, body or error) with every link's parameter values and fragments hidden. */
export function redactMailText(text: string): string {
  return text.replace(FRAGMENT, "$1#…").replace(PARAMETER, "$1…").replace(PIN, "$1…");
}

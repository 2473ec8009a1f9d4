// Text a studio or a guest typed (a guest's name, a gallery's title, a studio's name) in a mail that
// someone else reads. React escapes it, so it is never markup; but mail programs
// turn whatever looks like an address into a link of their own: "Click https://evil.example/login
// now" as a guest's name was a working link in the guest's inbox, under the studio's name. So such
// text never goes in a subject (a guest's mail has a fixed one), and in the body every address-like
// run is broken where link finders look: a zero-width space after a scheme's colon, after an @
// between letters, and after each dot (or full-width dot) before two letters ("evil.example", not
// "J.R."). Invisible in the HTML part; the plain-text part (html-to-text reads it as a space) shows
// "https: //evil. example/login".
const BREAK = "\u200B";

/** The text as written, with nothing in it a mail program would make a link of. */
export function unlinkable(text: string): string {
  return text.replace(/:(?=\/\/)|(?<=[\p{L}\p{N}])@(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}_-])[.。．｡](?=\p{L}{2})/gu, `$&${BREAK}`);
}

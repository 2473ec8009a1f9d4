// A film's default title, from the name of the file it was uploaded as. A name with spaces was
// typed by a person and is kept as typed, only its extension dropped ("Ceremony - Anna & Ben.mp4"
// → "Ceremony - Anna & Ben"). A name without spaces is a machine's or a
// shorthand's, and becomes its words in title case ("our_wedding-day.mp4" → "Our Wedding Day"):
// snake, kebab, dotted and camel-case names are split into words; numbers (and dotted numbers:
// "v1.2", "2025.06.14") stay whole; letters of any script are kept, and those with a case are
// title-cased; words already written with capitals inside ("DJI", "McKenzie") are kept as written,
// unless the whole name shouts in capitals.

const MAX_TITLE = 200;
export const UNTITLED_VIDEO = "Untitled video";

/** Short words that stay lower-case inside a title (never first or last). */
const MINOR = new Set(["a", "an", "and", "as", "at", "but", "by", "for", "in", "nor", "of", "on", "or", "the", "to", "vs", "with"]);

const upperFirst = (word: string) => {
  const [first = "", ...rest] = Array.from(word);
  return first.toLocaleUpperCase() + rest.join("");
};

/** Splits a name into words: separators, then lower→upper case changes ("ourWedding", "HTMLFile"). */
function words(name: string): string[] {
  return name
    .replace(/(?<!\p{N})\.|\.(?!\p{N})/gu, " ") // a dot between two digits is part of a number
    .replace(/[\s_\-+~]+/g, " ")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(" ")
    .filter(Boolean);
}

const cap = (title: string) => Array.from(title).slice(0, MAX_TITLE).join("").trim() || UNTITLED_VIDEO;

export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[\p{L}\p{N}]{1,5}$/u, "");
  // Typed with spaces: as typed (composed as one text, control characters as spaces, trimmed).
  const typed = base
    .normalize("NFC")
    .replace(/\p{Cc}/gu, " ")
    .trim();
  if (/\s/u.test(typed)) return cap(typed);
  // All in capitals, and more than one word of letters ("OUR_WEDDING", not "DJI_0042"): shouting.
  const shouting = !/\p{Ll}/u.test(base) && words(base).filter((w) => /\p{Lu}{2}/u.test(w)).length > 1;
  const list = words(shouting ? base.toLocaleLowerCase() : base);
  const title = list
    .map((word, i) => {
      const lower = word === word.toLocaleLowerCase();
      if (lower && i > 0 && i < list.length - 1 && MINOR.has(word)) return word;
      return upperFirst(word);
    })
    .join(" ");
  return cap(title);
}

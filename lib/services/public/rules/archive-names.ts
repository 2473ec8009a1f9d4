// The names of the files in a gallery's "Download all" ZIP: each film by its title with
// its original's extension, its chapters and captions beside it (`<name>.chapters.vtt`,
// `<name>.<language>.vtt`). A title becomes a name every system can save: no folder separators or
// characters Windows refuses, no control characters, no reserved device name, at most 120
// characters; two films of the same title (letter case aside) get " (2)", " (3)"… Pure: the
// server decides the names (lib/services/public/archive.ts), the tests check them.

const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
export const ARCHIVE_NAME_MAX = 120;

/** A title as a file name's base (without extension). */
export function archiveBase(title: string, fallback = "Film"): string {
  let base = title.normalize("NFC").replace(/\s+/g, " ").replace(FORBIDDEN, "-");
  base = base.replace(/^[\s.-]+|[\s.]+$/g, "");
  base = Array.from(base).slice(0, ARCHIVE_NAME_MAX).join("").trim();
  if (!base) base = fallback;
  return RESERVED.test(base) ? `_${base}` : base;
}

/** The ZIP's own name: the gallery's title made a file name. */
export const archiveFileName = (title: string): string => `${archiveBase(title, "Films")}.zip`;

/** The extension of a stored file's key, lower case (`fallback`, for an original `mp4`, when it has none). */
export function originalExtension(key: string, fallback = "mp4"): string {
  return key.match(/\.([A-Za-z0-9]{1,5})$/)?.[1]?.toLowerCase() ?? fallback;
}

/**
 * Unique bases for the films in order: the first of a title keeps it, the next get " (2)", " (3)"…
 * (compared without letter case, as Windows and macOS do; a numbered name a title already takes is skipped).
 */
export function uniqueBases(titles: string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = archiveBase(title);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** A file of a gallery's archive: `src` is a door of the app (same origin); `film`: the video it counts as a download of. */
export type ArchiveFile = { name: string; size: number | null; src: string; film?: string };
/** GET /api/public/galleries/:slug/archive: the ZIP's name and files, in order. */
export type Archive = { name: string; files: ArchiveFile[] };

/**
 * The Content-Disposition of a download saved as `fileName` (RFC 6266): an ASCII fallback for old
 * clients (accents dropped; quotes, backslashes and other characters replaced, so no name can end
 * the header's quoted string) and the exact name in RFC 5987's UTF-8 form (`'`, `(`, `)` and `*`
 * escaped too: they are not RFC 5987 attr-chars, and a bare `'` ends the form's charset prefix early).
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

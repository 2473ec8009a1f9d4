// The viewer's texts in English (lib/viewer-i18n/en.ts), for the server and the tests: the API's
// messages to the public pages, the link preview's default, and TEXTS (lib/texts/index.ts) include them.
// The viewer's own page never imports this: it is given its language's catalogue in its props
// (components/gallery/viewer-locale.tsx), so its first-load JavaScript carries no texts at all.
import { en } from "@/lib/viewer-i18n/en";

export const VIEWER_TEXTS = en;

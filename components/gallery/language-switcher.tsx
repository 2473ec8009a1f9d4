// The viewer's language switcher: each viewer language by its own name, a plain
// link to this page in it (`?lang=`, the same address the page's hreflang links give), so it works
// before any script has run and each language's page stays cacheable.
// LanguageLinks is the same without the page's context, for a server component (app/not-found.tsx).
import { useViewer } from "@/components/gallery/viewer-locale";
import type { Viewer } from "@/lib/viewer-i18n/format";

export function LanguageSwitcher() {
  return <LanguageLinks viewer={useViewer()} />;
}

export function LanguageLinks({ viewer: { t, lang, languages } }: { viewer: Viewer }) {
  return (
    <nav aria-label={t.gallery.language} className="mt-5" data-testid="language-switcher">
      <ul className="flex flex-wrap items-center justify-center gap-x-1 gap-y-1 text-xs">
        {languages.map(({ code, name }) => (
          <li key={code}>
            <a
              href={`?lang=${code}`}
              hrefLang={code}
              lang={code}
              aria-current={code === lang ? "true" : undefined}
              className="inline-block rounded-full px-2.5 py-1.5 text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white aria-[current]:bg-white/10 aria-[current]:font-semibold aria-[current]:text-white"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ArrowLeft, AudioLines, BarChart3, Clapperboard, Heading, ImageIcon, Link2, ListVideo, MessageSquareText, Palette, SlidersHorizontal, Users } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { AccessBadges } from "@/components/studio/access-badges";
import { StripNav } from "@/components/ui/strip-nav";
import { foldersPath, galleryPath, GALLERY_SECTIONS, type GallerySection } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

const ICONS: Record<GallerySection, typeof Heading> = {
  videos: Clapperboard,
  linkmediamain: ListVideo,
  heading: Heading,
  background: ImageIcon,
  music: AudioLines,
  styles: Palette,
  settings: SlidersHorizontal,
  deliver: Link2,
  guests: Users,
  review: MessageSquareText,
  insights: BarChart3,
};

/** Go Back to the folder view and the sections (spec §2 Gallery side bar, then Guests, Review and Insights). */
export function EditorSidebar() {
  const { gallery, folder } = useEditor();
  const pathname = usePathname();
  return (
    <aside className="w-full shrink-0 border-b border-zinc-200 bg-white px-3 py-4 lg:w-56 lg:border-r lg:border-b-0 lg:py-5">
      <Link href={foldersPath(folder._id)} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {TEXTS.goBack}
      </Link>
      <div className="mt-4 px-2">
        <p className="truncate text-xs text-zinc-500">{folder.name}</p>
        <p className="truncate font-semibold text-zinc-900" title={gallery.name}>
          {gallery.name}
        </p>
        <AccessBadges access={gallery.access} className="mt-1.5" />
      </div>
      <StripNav aria-label="Gallery sections" className="mt-4">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:mx-0 lg:block lg:space-y-0.5 lg:overflow-visible lg:px-0 lg:pb-0">
          {GALLERY_SECTIONS.map(({ slug }) => {
            const href = galleryPath(gallery._id, slug);
            const active = pathname === href;
            const Icon = ICONS[slug];
            return (
              <li key={slug} className="shrink-0">
                <Link
                  href={href}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-2.5 rounded-md px-2 py-2 text-sm whitespace-nowrap ${active ? "bg-brand-50 font-semibold text-brand-700" : "text-zinc-700 hover:bg-zinc-100"}`}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {TEXTS.gallerySections[slug]}
                </Link>
              </li>
            );
          })}
        </ul>
      </StripNav>
    </aside>
  );
}

// What a studio's domain home page is given (the props of pages/v/[lang]/d/[host]/index.tsx, built
// by lib/services/public/studio-home.ts, shown by components/gallery/studio-home.tsx): plain JSON.
import type { GalleryStudio } from "@/lib/contract/public";
import type { PublicGalleryHead } from "@/lib/services/public/rules/public-view";
import type { ViewerLocale } from "@/lib/viewer-i18n/types";

export type ListedGallery = { slug: string; title: string; subtitle: string; cover: string | null; locked: boolean; films: number };
export type StudioHomeProps = { studio: GalleryStudio; galleries: ListedGallery[]; validUntil: number; head: PublicGalleryHead; locale: ViewerLocale };
/** A viewer route's 404 (lib/services/public/studio-home.ts galleryNotFound): the studio of the domain and its listed galleries, or no studio (Vidfolio's gallery host). */
export type GalleryNotFoundProps = { studio: GalleryStudio | null; galleries: ListedGallery[]; locale: ViewerLocale };

// Public: the gallery as its viewers get it. The cached public page and its invalidation, the
// page's props and head, the viewer's content beyond the cached page, Download all, and a studio's
// domain home page.
// The domain's entry: code outside lib/services/public/ imports this module or rules/, nothing else.
export { galleryArchive } from "./archive";
export { galleryNames, invalidateGalleryPaths, invalidatePublicGallery, invalidateStudioGalleries } from "./public-cache";
export { galleryContent, publicGalleryInclude } from "./public-gallery";
export type { PublicGallery } from "./public-gallery";
export { publicGalleryPageProps } from "./public-page";
export { galleryNotFound, studioHomeProps } from "./studio-home";
export { DAY_MS, addressOfDay, browserViewer, downloadLink, galleryEntry, galleryForViewer, isBot, recordView, utcDay } from "./viewer";

// Galleries: how a studio arranges and styles its deliveries. Folders, galleries, their links and
// custom urls, background media, the showcase, and the rows turned into the API's shapes.
// The domain's entry: code outside lib/services/galleries/ imports this module or rules/, nothing else.
export { createFolder, deleteFolder, galleryCards, listFolders, listGalleries, renameFolder } from "./folders";
export { createGallery, deleteGallery, getGalleryDetails, renameGallery, updateGalleryText, updateSettings } from "./galleries";
export { baseLinkFor } from "./gallery-links";
export { setBackground } from "./gallery-media";
export {
  HLS_MASTER,
  RETRYABLE_FAILURES,
  backgroundOf,
  captionView,
  chapterView,
  hostParam,
  isRejection,
  settingOf,
  studioCaptionTrack,
  studioPlayback,
  videoView,
  viewerCaptionTrack,
  viewerChaptersSrc,
  viewerMp4Key,
  viewerPlayback,
  withQuery,
} from "./gallery-views";
export { getSelectedVideos, listGalleryVideos, setSelectedVideos } from "./showcase";

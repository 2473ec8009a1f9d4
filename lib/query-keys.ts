// Cache keys shared by the components that read a list and those that change it.
export const queryKeys = {
  /** GET /api/galleries/get-gallery-videos/{galleryId} */
  galleryVideos: (galleryId: string) => ["gallery-videos", galleryId] as const,
  /** GET /api/chapters/getChaptersByVideo/{videoId} */
  chapters: (videoId: string) => ["chapters", videoId] as const,
};

// Cache keys shared by the components that read a list and those that change it.
export const queryKeys = {
  /** GET /api/galleries/get-gallery-videos/{galleryId} */
  galleryVideos: (galleryId: string) => ["gallery-videos", galleryId] as const,
  /** GET /api/chapters/getChaptersByVideo/{videoId} */
  chapters: (videoId: string) => ["chapters", videoId] as const,
  /** GET /api/videos/comments/{videoId} */
  comments: (videoId: string) => ["comments", videoId] as const,
  /** GET /api/videos/versions/{videoId} */
  versions: (videoId: string) => ["versions", videoId] as const,
  /** GET /api/videos/captions/{videoId} */
  captions: (videoId: string) => ["captions", videoId] as const,
  /** GET /api/videos/transcript/{videoId} */
  transcript: (videoId: string) => ["transcript", videoId] as const,
  /** GET /api/galleries/gallery/{galleryId}/insights?page=&sort= (every page of a gallery starts with ["insights", galleryId]) */
  insights: (galleryId: string, page = 1, sort = "recent") => ["insights", galleryId, page, sort] as const,
  /** GET /api/galleries/gallery/{galleryId}/review */
  review: (galleryId: string) => ["review", galleryId] as const,
  /** GET /api/galleries/gallery/{galleryId}/price */
  galleryPrice: (galleryId: string) => ["gallery-price", galleryId] as const,
  /** GET /api/galleries/gallery/{galleryId}/access */
  access: (galleryId: string) => ["access", galleryId] as const,
  /** GET /api/galleries/gallery/{galleryId}/invites */
  invites: (galleryId: string) => ["invites", galleryId] as const,
  /** GET /api/export */
  studioExport: () => ["studio-export"] as const,
  /** GET /api/import */
  studioImport: () => ["studio-import"] as const,
  /** GET /api/webhooks/{endpointId}/deliveries (every page) */
  webhookDeliveries: (endpointId: string) => ["webhook-deliveries", endpointId] as const,
};

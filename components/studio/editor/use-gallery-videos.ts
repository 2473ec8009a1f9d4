"use client";
import { useQuery } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { FILE_CHECK_INTERVAL_MS } from "@/lib/limits";
import type { VideoDto } from "@/lib/gallery-types";

/**
 * The gallery's videos, newest first: seeded by the editor's server render, fetched again when an
 * upload, a replace or a delete changes them (they invalidate `queryKeys.galleryVideos`).
 * While any video is still being processed the list is re-checked every 5 seconds (spec §4), and
 * polling stops once every video is ready or failed.
 */
export function useGalleryVideos(galleryId: string, initial?: VideoDto[]) {
  return useQuery({
    queryKey: queryKeys.galleryVideos(galleryId),
    queryFn: async () => (await apiCall(doors.galleries.videos, { params: { id: galleryId } })).videos,
    initialData: initial,
    refetchInterval: (query) => (query.state.data?.some((v) => v.status === "PROCESSING" || v.status === "UPLOADING" || v.optimizing) ? FILE_CHECK_INTERVAL_MS : false),
  });
}

"use client";
import { useQuery } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";

/** A video's saved chapters, sorted by time (the server sorts them). */
export function useChapters(videoId: string) {
  return useQuery({
    queryKey: queryKeys.chapters(videoId),
    queryFn: async () => (await apiCall(doors.chapters.list, { params: { videoId } })).chapters,
  });
}

"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/browser/api-client";
import { queryKeys } from "@/lib/browser/query-keys";
import type { ChapterDto } from "@/lib/gallery-types";

/** A video's saved chapters, sorted by time (the server sorts them). */
export function useChapters(videoId: string) {
  return useQuery({
    queryKey: queryKeys.chapters(videoId),
    queryFn: async () => (await api<{ chapters: ChapterDto[] }>(`chapters/getChaptersByVideo/${videoId}`)).chapters,
  });
}

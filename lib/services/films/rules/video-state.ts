// One state per filed film, read the same by its card in the library and by its bar in the upload
// panel: processing until the server has made it playable, then ready, or failed
// with its reason. Pure: the browser's both views and their tests share it.
import type { VideoDto } from "@/lib/contract/films";

export type FileState = "processing" | "ready" | "failed";

/** A film's state from the server's status (UPLOADING is still being filed: processing too). */
export function fileStateOf(video: Pick<VideoDto, "status">): FileState {
  return video.status === "READY" ? "ready" : video.status === "FAILED" ? "failed" : "processing";
}

// POST /api/uploads/simple?fileName&fileType&fileSize&galleryId[&replaceVideoId[&keepPrevious=true]] → { uploadId, fileName (key), url, headers, expiresAt }
// A film of at most 5 GB sent as one PUT straight to the store; completed by complete-multipart-upload without parts.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { startSimpleVideoUpload } from "@/lib/services/films";

export const POST = route(doors.uploads.startSimple, async ({ query, actor }) => startSimpleVideoUpload(actor, query));

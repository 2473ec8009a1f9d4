// POST /api/uploads/resume — { fileName (key), uploadId, file: { name, size, lastModified, firstPartSha256 } } → { parts, partSize }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { resumeUpload } from "@/lib/services/films";

export const POST = route(doors.uploads.resume, async ({ body, actor }) => resumeUpload(actor, body));

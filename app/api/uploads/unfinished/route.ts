// GET /api/uploads/unfinished → { uploads: [{ fileName (key), uploadId, name, size, lastModified, gallery, parts, expiresAt, expired, … }] }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { unfinishedUploads } from "@/lib/services/films";

export const GET = route(doors.uploads.unfinished, async ({ actor }) => unfinishedUploads(actor));

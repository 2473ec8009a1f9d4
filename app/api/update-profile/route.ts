// POST /api/update-profile — { name, email, currentPassword, newPassword? } → { admin, message, passwordChanged }
import { studioRoute, parseJson } from "@/lib/http";
import { updateProfileSchema } from "@/lib/validation/accounts";
import { updateProfile } from "@/lib/services/profile";

export const POST = studioRoute(async ({ req, actor }) => updateProfile(actor, await parseJson(req, updateProfileSchema)));

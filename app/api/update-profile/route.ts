// POST /api/update-profile — { name, email, currentPassword, newPassword? } → { admin, message, passwordChanged }
// The current password is checked through the secrets throttle (429 with Retry-After).
import { studioRoute, parseJson } from "@/lib/http";
import { updateProfileSchema } from "@/lib/validation/accounts";
import { updateProfile } from "@/lib/services/profile";
import { secretClient } from "@/lib/security/throttle";

export const POST = studioRoute(async ({ req, actor }) => updateProfile(actor, secretClient(req), await parseJson(req, updateProfileSchema)));

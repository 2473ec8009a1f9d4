// POST /api/update-profile — { name, email, currentPassword, newPassword? } → { admin, message, passwordChanged }
// The current password is checked through the secrets throttle (429 with Retry-After).
import { studioRoute } from "@/lib/http";
import { updateProfileSchema } from "@/lib/validation/accounts";
import { updateProfile } from "@/lib/services/profile";
import { secretClient } from "@/lib/security/throttle";

export const POST = studioRoute({ body: updateProfileSchema }, async ({ req, body, actor }) => updateProfile(actor, secretClient(req), body));

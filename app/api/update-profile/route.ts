// POST /api/update-profile — { name, email, currentPassword, newPassword? } → { admin, message, passwordChanged }
// The current password is checked through the secrets throttle (429 with Retry-After).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateProfile } from "@/lib/services/studio";
import { secretClient } from "@/lib/security/throttle";

export const POST = route(doors.accounts.updateProfile, async ({ req, body, actor }) => updateProfile(actor, secretClient(req), body));

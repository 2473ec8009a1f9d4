// POST /api/admin/register — every sign-up field → { user: { name, email }, message }
import { publicRoute, parseJson, json } from "@/lib/http";
import { registerSchema } from "@/lib/validation/accounts";
import { register } from "@/lib/services/registration";
import { TEXTS } from "@/lib/texts";

export const POST = publicRoute(async ({ req }) => {
  const input = await parseJson(req, registerSchema);
  const admin = await register(input);
  return json({ user: { name: admin.name, email: admin.email }, message: TEXTS.registrationSuccess }, 201);
});

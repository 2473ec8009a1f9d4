// A studio's API key as the account creates it: a name to know it by, and its scopes.
import { z } from "zod";
import { API_SCOPES } from "@/lib/services/platform/rules/api-scopes";
import { TEXTS } from "@/lib/texts";
import { idSchema, lineOfText } from "@/lib/validation/common";

const T = TEXTS.apiKeys;

const API_KEY_NAME_MAX = 80;

export const createApiKeySchema = z.object({
  name: lineOfText({ min: 1, max: API_KEY_NAME_MAX, required: T.nameRequired, tooLong: T.nameTooLong, oneLine: T.nameOneLine }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: T.unknownScope }), { error: T.scopeRequired })
    .min(1, T.scopeRequired)
    .max(API_SCOPES.length * 2, T.unknownScope),
});

export const apiKeyPathSchema = z.object({ keyId: idSchema });

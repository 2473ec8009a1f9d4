import { z } from "zod";
import { TEXTS } from "@/lib/texts";

export const NAME_MAX = 120;

/** A folder or gallery name: required once trimmed (spec §5: an empty name is ignored). */
export const nameSchema = z.string({ error: TEXTS.nameRequired }).trim().min(1, TEXTS.nameRequired).max(NAME_MAX, `Use at most ${NAME_MAX} characters.`);

/** POST /api/folder/folders, PUT /api/folder/folders/:id, PUT /api/galleries/galleries/:id. */
export const nameBodySchema = z.object({ name: nameSchema });

// Chapters (spec §5 Chapter: the title is required; times are 'hh:mm:ss').
import { z } from "zod";
import { parseChapterCue } from "@/lib/services/films/rules/cue";
import { TEXTS } from "@/lib/texts";
import { idField } from "@/lib/validation/common";

export const CHAPTER_TITLE_MAX = 200;

const title = z.string().trim().min(1, TEXTS.chapterTitleRequired).max(CHAPTER_TITLE_MAX, "Chapter title is too long.");

/** A chapter start as text, turned into seconds; a malformed time is a 400 with this message. */
const cuePoint = z
  .string()
  .max(20, TEXTS.chapterTimeFormat)
  .transform((v, ctx) => {
    const seconds = parseChapterCue(v);
    if (seconds === null) {
      ctx.addIssue({ code: "custom", message: TEXTS.chapterTimeFormat });
      return z.NEVER;
    }
    return seconds;
  });

/** POST chapters/createChapter */
export const createChapterSchema = z.object({ title, cuePoint, videoId: idField("Unknown video.") }).strict();

/** PUT chapters/updatechapters/{id}: title and time; videoId may be sent but must be the chapter's own. */
export const updateChapterSchema = z
  .object({ title, cuePoint, videoId: idField("Unknown video.") })
  .partial()
  .strict()
  .refine((v) => v.title !== undefined || v.cuePoint !== undefined, "Nothing to update.");

export type CreateChapterInput = z.infer<typeof createChapterSchema>;
export type UpdateChapterInput = z.infer<typeof updateChapterSchema>;

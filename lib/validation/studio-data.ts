// The doors of Account → Export → Import.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { idField } from "@/lib/validation/common";

const id = idField("Invalid id.");
const parts = z
  .array(z.object({ ETag: z.string().min(1).max(200), PartNumber: z.number().int().min(1).max(10000) }))
  .min(1, "parts are required.")
  .max(10000);

/** POST /api/import { fileName, fileSize }: the ZIP's upload is opened. */
export const startImportSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, "fileName is required.")
    .max(255)
    .regex(/\.zip$/i, TEXTS.import.notZip),
  fileSize: z
    .number({ error: "fileSize is required." })
    .int()
    .positive("The file is empty.")
    .max(5 * 1024 ** 4, "The file is too large."),
});

/** GET /api/import/part?importId&partNumber */
export const importPartSchema = z.object({
  importId: id,
  partNumber: z.coerce.number().int().min(1, "partNumber must be 1 to 10000.").max(10000, "partNumber must be 1 to 10000."),
});

/** POST /api/import/complete { importId, parts } */
export const completeImportSchema = z.object({ importId: id, parts });

// A studio's customers (lib/services/customers/): the fields the form, the doors and a CSV file's
// rows share, the list's query and the import's body.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { emailSchema } from "@/lib/validation/auth";
import { idSchema, isStorableText, lineOfText, pageLimit } from "@/lib/validation/common";
import { VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import { ID_PATTERN } from "@/lib/ids";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

const T = TEXTS.customers;

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_PHONE_MAX = 40;
export const CUSTOMER_NOTES_MAX = 5000;
/** A CSV import's rows at most (its header row aside). */
export const CUSTOMER_IMPORT_MAX_ROWS = 5000;
/** The CSV text's characters at most (the app's 2 MB body limit refuses more first). */
const CSV_MAX_CHARS = 2_000_000;

export const customerNameSchema = lineOfText({ min: 1, max: CUSTOMER_NAME_MAX, required: T.nameRequired, tooLong: T.nameTooLong(CUSTOMER_NAME_MAX), oneLine: T.nameOneLine });
/** A phone number as the studio writes it; empty: none. */
export const customerPhoneSchema = z
  .union([lineOfText({ min: 0, max: CUSTOMER_PHONE_MAX, required: T.phoneTooLong(CUSTOMER_PHONE_MAX), tooLong: T.phoneTooLong(CUSTOMER_PHONE_MAX), oneLine: T.phoneOneLine }), z.null()])
  .transform((p) => p || null);
/** Notes, several lines; empty: none. */
export const customerNotesSchema = z
  .union([z.string().refine(isStorableText, TEXTS.unstorableText).trim().max(CUSTOMER_NOTES_MAX, T.notesTooLong(CUSTOMER_NOTES_MAX)), z.null()])
  .transform((n) => n || null);
/** One of the viewer's six languages (lib/viewer-i18n/language.cjs): the language of what the customer is sent. */
export const customerLanguageSchema = z.enum(VIEWER_LANGUAGES as [ViewerLanguage, ...ViewerLanguage[]], { error: T.languageInvalid });

/** POST /api/customers, and each row of a CSV import: name and email, the rest optional. */
export const createCustomerSchema = z.strictObject(
  { name: customerNameSchema, email: emailSchema, phone: customerPhoneSchema.optional(), language: customerLanguageSchema.optional(), notes: customerNotesSchema.optional() },
  { error: T.fieldsInvalid },
);
export type CreateCustomerInput = z.output<typeof createCustomerSchema>;

/** PATCH /api/customers/:customerId: any of the fields; phone and notes cleared with null or "". */
export const updateCustomerSchema = createCustomerSchema.partial().refine((b) => Object.keys(b).length > 0, T.nothingToChange);
export type UpdateCustomerInput = z.output<typeof updateCustomerSchema>;

/** A page's place in the customers list: the last customer's creation (ms) and id, as the list's `next` names it. */
const CUSTOMER_CURSOR = new RegExp(`^(\\d{1,15})_(${ID_PATTERN})$`);
export const customerCursor = (c: { createdAt: Date; id: string }) => `${c.createdAt.getTime()}_${c.id}`;

/** GET /api/customers?q=&cursor=&limit= */
export const customerListQuerySchema = z.strictObject(
  {
    q: z
      .string({ error: T.searchTooLong(CUSTOMER_NAME_MAX) })
      .refine(isStorableText, TEXTS.unstorableText)
      .trim()
      .max(CUSTOMER_NAME_MAX, T.searchTooLong(CUSTOMER_NAME_MAX))
      .optional(),
    cursor: z
      .string({ error: T.cursorInvalid })
      .toLowerCase()
      .regex(CUSTOMER_CURSOR, T.cursorInvalid)
      .transform((c) => {
        const [, ms, id] = CUSTOMER_CURSOR.exec(c)!;
        return { createdAt: new Date(Number(ms)), id };
      })
      .optional(),
    limit: pageLimit(50),
  },
  { error: T.queryInvalid },
);
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerPathSchema = z.object({ customerId: idSchema });
export const customerGalleryPathSchema = z.object({ customerId: idSchema, galleryId: idSchema });

/** POST /api/customers/import: the CSV file's text (read in the browser, sent as JSON). */
export const importCustomersSchema = z.strictObject({ csv: z.string({ error: T.csvRequired }).max(CSV_MAX_CHARS, T.csvTooManyRows(CUSTOMER_IMPORT_MAX_ROWS)) }, { error: T.csvRequired });

// User-facing texts of the spec (§2, §5, §8), reproduced exactly. Import TEXTS; never retype.
// TEXTS is put together here from one module per domain beside this file; each text lives in
// exactly one of them, and none is over 300 lines (tests/unit/texts-homes.test.ts). A new text goes
// into the module of what it is about. The viewer's English (lib/viewer-i18n/english.ts) comes
// first: the studio's `review` texts replace the viewer's under TEXTS.review.
import { VIEWER_TEXTS } from "@/lib/viewer-i18n/english";
import { commonTexts } from "@/lib/texts/common";
import { signInTexts } from "@/lib/texts/sign-in";
import { studioTexts } from "@/lib/texts/studio";
import { filmTexts } from "@/lib/texts/films";
import { galleryTexts } from "@/lib/texts/galleries";
import { guestTexts } from "@/lib/texts/guests";
import { reviewTexts } from "@/lib/texts/review";
import { moneyTexts } from "@/lib/texts/money";
import { platformTexts } from "@/lib/texts/platform";
import { activityTexts } from "@/lib/texts/activity";
import { customerTexts } from "@/lib/texts/customers";

export const TEXTS = {
  ...VIEWER_TEXTS,
  ...commonTexts,
  ...signInTexts,
  ...studioTexts,
  ...filmTexts,
  ...galleryTexts,
  ...guestTexts,
  ...reviewTexts,
  ...moneyTexts,
  ...platformTexts,
  ...activityTexts,
  ...customerTexts,
} as const;

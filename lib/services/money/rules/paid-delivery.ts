// Paid delivery: the rules about a gallery's price that the server, the studio's editor
// and the viewer share. Pure: no database, no server modules (the viewer's bundle imports it).
//
// Amounts are whole numbers in the currency's minor units (cents; a yen is its own unit: JPY has no
// minor unit), as Stripe counts them.

/** The currencies a studio may price a gallery in, with their exponents (ISO 4217). */
export const CURRENCIES = {
  eur: 2,
  usd: 2,
  gbp: 2,
  chf: 2,
  cad: 2,
  aud: 2,
  nzd: 2,
  sek: 2,
  nok: 2,
  dkk: 2,
  pln: 2,
  czk: 2,
  mxn: 2,
  brl: 2,
  inr: 2,
  jpy: 0,
  krw: 0,
} as const;

export type Currency = keyof typeof CURRENCIES;

export const isCurrency = (c: string): c is Currency => Object.hasOwn(CURRENCIES, c);

/** The smallest and largest price a checkout may ask for, in major units (Stripe's own bounds are wider). */
const PRICE_MIN_MAJOR = 1;
const PRICE_MAX_MAJOR = 999_999;

/** The bounds of an amount in a currency's minor units. */
export function priceBounds(currency: Currency): { min: number; max: number } {
  const unit = 10 ** CURRENCIES[currency];
  return { min: PRICE_MIN_MAJOR * unit, max: PRICE_MAX_MAJOR * unit };
}

/** An amount in minor units as a reader of `lang` writes it ("€1,250.00", "¥120,000"). */
export function formatMoney(amount: number, currency: string, lang = "en"): string {
  const digits = isCurrency(currency) ? CURRENCIES[currency] : 2;
  try {
    return new Intl.NumberFormat(lang, { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/** Minor units from what a studio typed in major units ("1250.50" in EUR → 125050), or null when it is not an amount of that currency. */
/**
 * An amount as people type it, in minor units: "1,200", "1 200,50", "1200.50", "1.200,50",
 * "1'200.50", "€1,200" or "1200 EUR" (a currency sign or code around it is ignored; spaces and
 * apostrophes group thousands). The last
 * separator is the decimal one when both kinds appear; a lone one followed by exactly three digits
 * groups thousands (no currency here has three decimals); groups after the first have three digits.
 * null when it is not an amount of this currency (too many decimals, letters, a minus sign).
 */
export function minorUnits(typed: string, currency: Currency): number | null {
  const digits = CURRENCIES[currency];
  const s = typed
    .normalize("NFKC")
    .replace(/\p{Sc}/gu, "")
    .replace(/^\s*[A-Za-z]{3}(?=[\s\d])|(?<=[\s\d])[A-Za-z]{3}\s*$/g, "")
    .trim()
    .replace(/[\s'\u2019]+/g, "_");
  if (!/^\d[\d.,_]*$/.test(s)) return null;
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimal: "." | "," | null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? "." : ",";
  else {
    const sep = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
    const lone = sep !== null && s.indexOf(sep) === s.lastIndexOf(sep);
    decimal = sep !== null && lone && s.length - s.lastIndexOf(sep) - 1 !== 3 ? sep : null;
  }
  const at = decimal === null ? s.length : s.lastIndexOf(decimal);
  const whole = s.slice(0, at);
  const fraction = decimal === null ? "" : s.slice(at + 1);
  if (!/^\d*$/.test(fraction) || fraction.length > digits) return null;
  const groups = whole.split(/[.,_]/);
  if (groups.length > 1 && (new Set(whole.replace(/\d/g, "")).size > 1 || !/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) return null;
  const units = groups.join("");
  if (units.length === 0 || units.length > 9) return null;
  return Number(units) * 10 ** digits + Number(fraction.padEnd(digits, "0") || 0);
}

/** How an amount is written where `locale` is spoken ("1,200.50", "1 200,50"; "120,000" for JPY): the example of the money inputs' error. */
export function typedExample(currency: Currency, locale = "en"): string {
  const digits = CURRENCIES[currency];
  const value = digits === 0 ? 120_000 : 1200.5;
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    return new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  }
}

/** Major units as typed back into the editor (125050 EUR → "1250.50"). */
export const majorUnits = (amount: number, currency: Currency): string => (amount / 10 ** CURRENCIES[currency]).toFixed(CURRENCIES[currency]);

/** What a gallery's price is made of, as its row holds it. */
export type PriceRow = { priceAmount: number | null; priceCurrency: string | null; priceDeposit: number; payToUnlock: boolean; paidAt: Date | string | null };

/** The gallery fields a PriceRow is read from (a Prisma select). */
export const PRICE_ROW_SELECT = { priceAmount: true, priceCurrency: true, priceDeposit: true, payToUnlock: true, paidAt: true } as const;

/** What is left to pay (the price less the deposit received), or 0 when nothing is (no price, paid, or the deposit covers it). */
export function amountDue(g: PriceRow): number {
  if (g.priceAmount === null || g.paidAt !== null) return 0;
  return Math.max(0, g.priceAmount - g.priceDeposit);
}

/**
 * Pay to unlock holds the gallery back: its guests see only the watermarked previews, and no download,
 * until it is paid. A gallery whose deposit covers its price is not held back.
 */
export const isPayLocked = (g: PriceRow): boolean => g.payToUnlock && amountDue(g) > 0;

/** The platform's fee on a payment of `amount` at `percent` (whole minor units, rounded down: never more than the setting). */
export const platformFee = (amount: number, percent: number): number => Math.floor((amount * percent) / 100);

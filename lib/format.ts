// How the product displays credits, sizes and dates (spec §5, §9). One home for each rule;
// imported by server and client alike.
import { format } from "date-fns";

export const BYTES_PER_MB = 1024 * 1024;
const MB_PER_GB = 1024;

/** Bytes (as stored) to MB (as the spec counts credits). */
export function bytesToMb(bytes: bigint | number): number {
  return Number(bytes) / BYTES_PER_MB;
}

/** MB to whole bytes (rounded to the nearest byte). */
export function mbToBytes(mb: number): bigint {
  return BigInt(Math.round(mb * BYTES_PER_MB));
}

/**
 * The one unit rule for storage figures (spec §9, the credit display rule): 1024 MB or more shows
 * GB, 1 MB or more shows MB, below 1 MB shows KB (1024 of each in the next). Every size and credit
 * figure the product shows goes through it; the viewer writes its value in the
 * viewer's language (lib/viewer-i18n/format.ts).
 */
export function sizeUnit(mb: number): { value: number; unit: "GB" | "MB" | "KB" } {
  if (mb >= MB_PER_GB) return { value: mb / MB_PER_GB, unit: "GB" };
  if (mb >= 1) return { value: mb, unit: "MB" };
  return { value: mb * 1024, unit: "KB" };
}

/** A figure in MB by the unit rule, with two decimals: '1.50 GB', '12.00 MB', '512.00 KB'. */
export function formatCredits(mb: number): string {
  const { value, unit } = sizeUnit(mb);
  return `${value.toFixed(2)} ${unit}`;
}

/** Bytes (as stored) by the same rule: a file's size, an export's, its progress. */
export function formatBytes(bytes: bigint | number): string {
  return formatCredits(bytesToMb(bytes));
}

/** The super-admin table's credit figure (spec §9): credits ÷ 1024 ÷ 5, two decimals. */
export function formatAdminCreditUnits(mb: number): string {
  return (mb / MB_PER_GB / 5).toFixed(2);
}

/** The inverse of formatAdminCreditUnits: the edit field's value back to MB. */
export function adminCreditUnitsToMb(units: number): number {
  return units * 5 * MB_PER_GB;
}

/** Date and time as the studio shows them: 'Mar 5, 2025 3:07 PM'. */
export function formatDateTime(date: Date | string | number): string {
  return format(new Date(date), "MMM d, yyyy h:mm a");
}

/** Prices in cents to dollars: 3500 → '$35', 7950 → '$79.50'. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

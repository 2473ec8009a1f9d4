// How the product displays credits, sizes and dates (spec §5, §9). One home for each rule;
// imported by server and client alike.
import { format } from "date-fns";

export const BYTES_PER_MB = 1024 * 1024;
export const MB_PER_GB = 1024;

/** Bytes (as stored) to MB (as the spec counts credits). */
export function bytesToMb(bytes: bigint | number): number {
  return Number(bytes) / BYTES_PER_MB;
}

/** MB to whole bytes (rounded to the nearest byte). */
export function mbToBytes(mb: number): bigint {
  return BigInt(Math.round(mb * BYTES_PER_MB));
}

/**
 * The credit display rule (spec §9): 1024 MB or more shows GB, 1 MB or more shows MB, below 1 MB
 * shows KB, always with two decimals.
 */
export function formatCredits(mb: number): string {
  if (mb >= MB_PER_GB) return `${(mb / MB_PER_GB).toFixed(2)} GB`;
  if (mb >= 1) return `${mb.toFixed(2)} MB`;
  return `${(mb * 1024).toFixed(2)} KB`;
}

/** Bytes (as stored) by the credit display rule: an export's size, its progress. */
export function formatBytes(bytes: bigint | number): string {
  return formatCredits(bytesToMb(bytes));
}

/** Upload sizes (spec §5): GB when at least 1024 MB, otherwise MB, two decimals. */
export function formatUploadSize(mb: number): string {
  return mb >= MB_PER_GB ? `${(mb / MB_PER_GB).toFixed(2)} GB` : `${mb.toFixed(2)} MB`;
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

// What the studio home's first-hour card is given (lib/services/studio/first-delivery.ts reads it).

export type FirstDeliveryState = {
  /** The allowance granted at approval and the storage left (while the studio has no plan); null: none, or a plan. */
  allowance: { bytes: number; leftBytes: number } | null;
  steps: { upload: boolean; style: boolean; guest: boolean; send: boolean };
  /** The gallery the steps lead to: the newest. */
  galleryId: string | null;
};

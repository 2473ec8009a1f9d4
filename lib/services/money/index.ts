// Money: credits, plans and payments. The credits ledger (the only writer of a studio's credits),
// checkout, subscriptions and their lapse, Stripe's webhook, Paid delivery through the studio's own
// payment account, payouts, and the preview watermark of an unpaid gallery.
// The domain's entry: code outside lib/services/money/ imports this module or rules/, nothing else.
export { billingOverview } from "./billing";
export { OPEN_UPLOAD_STATUSES, adjust, available, charge, lockStudio, refund, reserve, restoreHistory, spend } from "./credits";
export { awaitingPayment, cancelLocalGalleryCheckout, galleryPrice, localGalleryCheckout, markPaid, payLocalGalleryCheckout, removePrice, setPrice, startGalleryCheckout } from "./gallery-payments";
export {
  activeSubscription,
  billingPortal,
  cancelLocalCheckout,
  cancelLocalSubscription,
  creditHistory,
  localCheckoutDetails,
  payLocalCheckout,
  spendCredits,
  startCheckout,
  verifySession,
} from "./payments";
export { paymentsReceived, paymentsReceivedCsv } from "./payments-received";
export { completeLocalOnboarding, localPayoutAccount, payoutState, startOnboarding } from "./payouts";
export { runPlanLapses } from "./plan-lapse";
export { grantStarterAllowance } from "./starter-allowance";
export { handleStripeWebhook } from "./stripe-webhook";
export { studioWatermark, updateWatermark } from "./watermark-settings";

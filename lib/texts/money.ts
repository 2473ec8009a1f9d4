// Money: credits and what an upload costs, plans and their changes, billing, the studio's payment
// account (payouts), a gallery's price (paid delivery), and when a plan ends.
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.
import { PLAN_LAPSE_GRACE_DAYS } from "@/lib/services/money/rules/plans";

export const moneyTexts = {
  // Credits at upload
  notEnoughCreditsUpload: "Not enough credits to upload!",
  purchaseCredits: "Purchase New credits to upload",
  notEnoughCredits: "Not enough credits!",
  invalidCreditPack: "Invalid credit pack.",
  notEnoughCreditsDetail: (size: string, available: string) => `Not enough credits! File size: ${size}. Available credits: ${available}.`,
  availableCredits: "Available credits",
  // Payments
  paymentSessionFailed: (provider: string) => `${provider} session creation failed.`,
  paymentError: "Something went wrong while initiating payment.",
  invalidSubscriptionPlan: "Invalid subscription plan.",
  paymentsNotConfigured: "Payments are not configured on this server yet, so nothing can be bought. Please contact support.",
  switchPlanTitle: (plan: string) => `Switch to ${plan}?`,
  switchPlanConfirm: (plan: string) =>
    `Your subscription moves to ${plan} now. The difference for the rest of this billing month is prorated on your next invoice, and an upgrade adds the larger yearly allotment at once.`,
  switchPlanButton: (plan: string) => `Switch to ${plan}`,
  switchingPlan: "Switching plan…",
  planChanged: (plan: string) => `Your plan is now ${plan}.`,
  noSubscription: "You have no subscription to manage.",
  testPaymentsOff: "Test payments are turned off on this server.",
  /** The studio's own payment account (payouts): Account → Payments. */
  payouts: {
    notConfigured: "Payments are not configured on this Vidfolio. Ask its operator to set up Stripe.",
    intro: "Connect your own Stripe account so your clients pay you directly for their galleries. Vidfolio never holds your money.",
    fee: (percent: number) => (percent > 0 ? `Vidfolio's fee: ${percent} % of each client payment.` : "Vidfolio takes no fee on your clients' payments."),
    states: {
      not_connected: "Not connected",
      onboarding: "Setup not finished",
      restricted: "Action needed",
      enabled: "Ready to take payments",
    },
    stateHint: {
      not_connected: "Connect an account to be paid by your clients.",
      onboarding: "Finish your account's details to take payments.",
      restricted: "Your payment provider needs more details before it pays out. Open the setup again to give them.",
      enabled: "Your clients can pay you; the money goes to your account.",
    },
    connect: "Connect Stripe",
    connectTest: "Connect a test account",
    resume: "Continue setup",
    update: "Review account details",
    returned: "Back from your payment provider: your account's state is shown below.",
    expired: "The setup link expired. Continue setup to get a new one.",
    testMode: "Test mode: no real account is made and nobody is paid.",
    testTitle: "Test account setup",
    testBody: "This stands in for Stripe's onboarding. Finish makes the account ready to take test payments.",
    finish: "Finish setup",
    reasonLabel: "Provider's note",
  },
  /** Paid delivery: a gallery's price, its payment, the preview watermark. */
  galleryPrice: {
    /** The price door's own words to a program that sent something else than a count of cents. */
    amountInvalid: "Send the price as a whole number of cents (of yen for JPY): 120000 is 1,200.00.",
    /** What a studio typed in a money input that is no amount: an example as its locale writes one. */
    amountTyped: (example: string) => `Type the amount as you would write it, for example ${example}.`,
    amountRange: (min: string, max: string) => `The price is between ${min} and ${max}.`,
    currencyInvalid: "currency is one of: eur, usd, gbp, chf, cad, aud, nzd, sek, nok, dkk, pln, czk, mxn, brl, inr, jpy, krw.",
    dueDateInvalid: "The due date is a day such as 2027-06-30.",
    payToUnlockInvalid: "Pay to unlock is either on or off.",
    depositTooLarge: "The deposit must be less than the price.",
    emailInvalid: "Enter a valid e-mail address.",
    paidReopen: "This gallery is paid. Reopen it to change its price (its guests then see previews again until it is paid).",
    noPrice: "Set a price for this gallery first.",
    nothingDue: "Nothing is due for this gallery.",
    studioCannotTakePayments: "The studio cannot take payments online yet. Please contact the studio to pay.",
    watermarkTextTooLong: "The watermark text is at most 60 characters.",
    watermarkTextInvalid: "The watermark text cannot contain control characters.",
    watermarkTextInvisible: "The watermark text needs at least one visible character.",
    watermarkPositionInvalid: "position is one of: center, top-left, top-right, bottom-left, bottom-right.",
    watermarkOpacityInvalid: "opacity is a whole percentage from 10 to 90.",
    // The Deliver panel
    title: "Payment",
    hint: "Ask your client to pay before the films are theirs: until it is paid, guests see watermarked previews, and nothing can be downloaded.",
    amount: "Price",
    currency: "Currency",
    deposit: "Deposit already received",
    dueDate: "Due date",
    payToUnlock: "Pay to unlock",
    payToUnlockHint: "Until paid, guests see watermarked previews at most 720p; no download, no Download all.",
    save: "Save price",
    saved: "Price saved.",
    remove: "Remove price",
    removed: "Price removed.",
    markPaid: "Mark as paid",
    markPaidConfirm: "Mark this gallery as paid? Its guests get the full films and downloads at once. This is recorded.",
    markedPaid: "Marked as paid.",
    reopen: "Reopen payment",
    reopenHint: "This gallery is paid. Reopen it to change the price: with Pay to unlock, guests see previews again until it is paid.",
    due: (amount: string) => `Due: ${amount}`,
    paidBy: (amount: string, who: string, when: string) => `Paid ${amount} by ${who} on ${when}.`,
    paidByHand: (amount: string, when: string) => `Marked as paid (${amount}) on ${when}.`,
    refunded: (when: string) => `Refunded on ${when}: the gallery is unpaid again.`,
    previews: (ready: number, films: number) =>
      films === 0
        ? "Guests will see each film's watermarked preview once it is made."
        : `Watermarked previews ready for guests: ${ready} of ${films} ${films === 1 ? "film" : "films"}. A film is shown to guests once its preview is made.`,
    payoutsMissing: "Connect your payment account in Account → Payments so your client can pay online. You can still mark the gallery as paid by hand.",
    payments: "Checkouts",
    paymentStates: { open: "Started", paid: "Paid", refunded: "Refunded", expired: "Expired" } as Record<string, string>,
    awaitingTitle: "Awaiting payment",
    watermarkTitle: "Preview watermark",
    watermarkHint: "Burned into the previews guests of an unpaid gallery watch. Changing it makes the previews again.",
    watermarkText: "Watermark text",
    watermarkTextPlaceholder: (name: string) => `${name} · Preview`,
    watermarkUseLogo: "Use my logo instead of text",
    watermarkNoLogo: "Add a PNG or JPEG logo in Account → Company to use it here.",
    watermarkPosition: "Position",
    watermarkPositions: { center: "Center", "top-left": "Top left", "top-right": "Top right", "bottom-left": "Bottom left", "bottom-right": "Bottom right" } as Record<string, string>,
    watermarkOpacity: "Opacity",
    watermarkSave: "Save watermark",
    watermarkSaved: "Watermark saved. Previews are being made again.",
    paidSubject: (gallery: string) => `${gallery} was paid`,
  },
  // When a Pro or Unlimited plan ends: the grace, its notices and its mails
  // (lib/services/money/plan-lapse.ts). Dates are passed in words (mailDate: 'December 2, 2026').
  planLapse: {
    /** Under the plan cards (/pricing and Account → Plan & Billing). */
    graceNote: `${PLAN_LAPSE_GRACE_DAYS} days' grace if a plan ends: your galleries, custom domain and white-labeling stay as they are, and you can export everything. Nothing is ever deleted because a plan ends.`,
    /** The plan page while a lapsed plan's grace runs. */
    notice: (plan: string, endedOn: string, graceEnd: string) =>
      `Your ${plan} plan ended on ${endedOn}. Your galleries keep their white-labeling until ${graceEnd}; after that they show a “made with Vidfolio” footer. Nothing is deleted.`,
    exportLink: "Export everything",
    /** What a studio's galleries are during the grace and after it (every lapse mail says it). */
    /** With no date when the end is not known yet (a failed payment). */
    graceLine: (graceEnd: string | null) =>
      `Nothing is deleted. For ${PLAN_LAPSE_GRACE_DAYS} days after the plan ends${graceEnd ? `, until ${graceEnd},` : ""} your galleries stay exactly as they are: readable by your clients, white-labeled, and on your custom domain.`,
    afterLine: (graceEnd: string | null) =>
      `${graceEnd ? `After ${graceEnd}` : `After those ${PLAN_LAPSE_GRACE_DAYS} days`} your galleries stay readable at the same addresses (your custom domain keeps working) and show a small “made with Vidfolio” footer. Your films, guests and remaining credits stay in your studio, and you can keep uploading with On Demand credits.`,
    exportLine: "Whatever your plan, you can download everything at any time from Account → Export: one ZIP of every film and file, with your galleries, settings and guests.",
    exportButton: "Open Account → Export",
    planPageLink: "Account → Plan & Billing",
    footer: "You get this mail because it is about your Vidfolio subscription.",

    endingSubject: (plan: string, endsOn: string) => `Your ${plan} plan ends on ${endsOn}`,
    endingHeading: (plan: string) => `Your ${plan} plan is set to end`,
    endingIntro: (plan: string, endsOn: string) => `Your ${plan} plan will not renew: it ends on ${endsOn}. Until then everything works as it does now.`,
    endingUndo: (endsOn: string) => `Changed your mind? Keep the plan from Manage billing before ${endsOn}:`,

    failedSubject: (plan: string) => `We could not renew your ${plan} plan`,
    failedHeading: "Your renewal payment did not go through",
    failedIntro: (plan: string) => `The payment renewing your ${plan} plan was declined.`,
    failedRetry: (retryOn: string) => `We will try again on ${retryOn}. To avoid that, update your card from Manage billing on Account → Plan & Billing.`,
    failedLastTry: "No more tries are planned: pay the invoice or update your card from Manage billing on Account → Plan & Billing.",
    failedEnds: "If no payment goes through, the plan ends. Then:",

    endedSubject: (plan: string) => `Your ${plan} plan has ended`,
    endedHeading: (plan: string) => `Your ${plan} plan has ended`,
    endedIntro: (plan: string, endedOn: string) => `Your ${plan} plan ended on ${endedOn}, and your studio is now on On Demand.`,
    resubscribe: "Subscribe again at any time and white-labeling comes back at once:",

    graceEndingSubject: (graceEnd: string) => `Your galleries' white-labeling ends on ${graceEnd}`,
    graceEndingHeading: (days: number) => (days <= 1 ? "Your grace ends tomorrow" : `Your grace ends in ${days} days`),
    graceEndingIntro: (plan: string, endedOn: string, graceEnd: string) =>
      `Your ${plan} plan ended on ${endedOn}. Since then your galleries have stayed exactly as they were, white-labeled, and they stay so until ${graceEnd}.`,
  },
  // Credits and billing
  creditKinds: { used: "Used", purchased: "Purchased", granted: "Granted", refund: "Refund" },
  /**
   * The two figures of a studio's storage, on Credit usage and Plan & Billing:
   * credits its uploads used (as charged, spec §4: a delete returns none; a rejected file's refund
   * nets its charge) and what its files occupy today (lib/services/money/stored-now.ts).
   */
  creditFigures: {
    balance: "Balance",
    creditsUsed: "Credits used",
    creditsUsedHint: "What your uploads used. Deleting a file does not return credits; a file we reject is refunded.",
    storedNow: "Stored now",
    storedNowHint: "What your films, kept versions and gallery media take up today. It goes down as soon as you delete one.",
    usedOf: (used: string, of: string) => `${used} of ${of}`,
  },
  starterAllowancePurpose: "Starter allowance",
  paymentsWarning: {
    title: "Payments are not configured",
    body: "Studios cannot buy plans or credits: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/operations.md). New studios start on their starter allowance.",
  },
  billing: {
    currentPlan: "Current plan",
    renews: "Renews on",
    ends: "Ends on",
    invoices: "Invoices",
    noInvoices: "No invoices yet.",
    invoiceDate: "Date",
    invoiceNumber: "Invoice",
    invoiceAmount: "Amount",
    invoiceStatus: "Status",
    invoiceOpen: "View",
    invoicesUnavailable: "The invoices could not be loaded just now. Please try again later.",
    yourPlan: "Your plan",
  },
  /** Account → Payments: every client payment across galleries (GET /api/payments/received). */
  received: {
    title: "Payments received",
    hint: "What your clients paid, by checkout or marked paid by you, across all galleries.",
    from: "From",
    to: "To",
    status: "Status",
    statusAll: "All",
    statusPaid: "Paid",
    statusRefunded: "Refunded",
    csv: "Download CSV",
    date: "Date",
    gallery: "Gallery",
    payer: "Payer",
    markedPaid: "Marked paid",
    amount: "Amount",
    fee: "Platform fee",
    net: "Net",
    refundedOn: (date: string) => `Refunded ${date}`,
    monthly: "By month",
    month: "Month",
    count: "Payments",
    empty: "No payments in this period.",
    dayInvalid: "Give a day such as 2026-11-30.",
    periodInvalid: "The period starts before it ends.",
    statusInvalid: "The status is all, paid or refunded.",
  },
} as const;

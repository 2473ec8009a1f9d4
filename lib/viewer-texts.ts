// The texts that code running in a viewer's browser shows: the public gallery and the error
// screen. Apart from lib/texts.ts (which includes them all as TEXTS) so the public page's
// first-load JavaScript carries these lines rather than every text of the app: client code of the
// public page imports this file, everything else TEXTS.
export const VIEWER_TEXTS = {
  unexpectedError: "Unexpected Application Error!",
  linkCopied: "Link copied!",
  studioHomeGalleries: "Galleries",
  studioHomeEmpty: "Nothing here yet.",
  studioHomeEmptyHint: (studio: string) => `Your films from ${studio} open from the link you were sent.`,
  studioHomeLocked: "Password",
  studioHomeFilms: (n: number) => (n === 1 ? "1 film" : `${n} films`),
  tvUnavailable: "No TV was found. Connect this device and your TV (Chromecast or AirPlay) to the same network, then try again.",
  playAllDone: "That was the last film.",
  noFilmsToDownload: "No films yet.",
  downloadsInPreview: "Downloads start from the delivered gallery.",
  notPlayableYet: "This video can be played once it has been processed.",
  serverError: "Something went wrong. Please try again.",

  viewer: {
    passwordHeading: "This gallery is protected",
    passwordHint: "Enter the password you received with the link.",
    passwordLabel: "Password",
    unlock: "Open gallery",
    wrongPassword: "That password is not right. Please check it and try again.",
    tooManyAttempts: "Too many tries for this gallery. Please wait a few minutes, then try again.",
    locked: "This gallery is protected by a password.",
    expiredHeading: "This gallery has expired.",
    expiredHint: "Please contact the studio if you still need access to these films.",
    downloadsOff: "Downloads are turned off for this gallery.",
    pinRequired: "Enter the download PIN you received with the link.",
    wrongPin: "That PIN is not right. Please check it and try again.",
    pinHeading: "Download PIN",
    pinLabel: "PIN",
    pinInvalid: "Enter the 4 to 8 digits of the download PIN.",
    pinSubmit: "Download",
    pinCancel: "Cancel",
    inviteInvalid: "This personal link no longer works. Please ask the studio for a new one.",
    visitWebsite: "Visit website",
    madeWith: "made with Vidfolio",
    /** The heading of the film's transcript (issue 22), beside the chosen captions' label. */
    transcript: "Transcript",
    /** What the gallery notes about its viewers (issue 21), in its footer. */
    privacyNote:
      "For the studio, this gallery notes when it is visited, which films are watched (and which parts), downloaded, shared or sent to a TV, using a first-party cookie. No third-party trackers; the notes are deleted with the gallery.",
  },
} as const;

// A film in the studio: its uploads and their states, processing and why it failed, the player's
// panels (title, thumbnail, chapters), its captions and its versions.
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.
import { CAPTION_MAX_BYTES, CAPTION_MAX_CUES } from "@/lib/limits";

const UPLOAD_FAILED = "Upload failed";
const PROCESSING = "Processing...";

export const filmTexts = {
  loadingVideos: "Loading videos...",
  noVideos: "No Videos added yet",
  noVideosGrid: "No videos available at the moment.",
  /** Files dragged over the gallery editor (components/studio/editor/editor-drop-zone.tsx). */
  dropToUpload: (gallery: string) => `Drop to upload to ${gallery}`,
  dropToUploadHint: "Videos only; they are added to this gallery's films.",
  chaptersSaved: "All chapters updated successfully!",
  chapterTitleRequired: "Chapter title is required.",
  chapterTimeFormat: "The chapter time must be hh:mm:ss.",
  loadingChapters: "Loading chapters...",
  noChapters: "No chapters yet. Play to a moment and choose Add chapter.",
  videoTitleSaved: "Title saved",
  thumbnailUpdated: "Thumbnail updated",
  thumbnailPending: "The new thumbnail is still being made; it will appear in the library shortly.",
  checking: "Checking...",
  processing: PROCESSING,
  /**
   * A video that plays already while its streaming ladder is still being made: waiting its turn
   * (null), or how much of the ladder is encoded.
   */
  optimizing: (percent: number | null) => (percent === null ? "Ready · queued for optimising" : `Ready · optimising for streaming · ${percent} %`),
  // Why a video ended FAILED (Video.failureReason): each says what the studio can do about it.
  videoFailure: {
    empty: "The file is empty. Upload the video again (Replace).",
    unreadable: "This file is not a video we can read. Upload an MP4, MOV or another video file (Replace).",
    image: "This file is a still image (or a GIF), not a video. Upload a video file instead (Replace).",
    audioOnly: "This file has sound but no picture. Upload a video file instead (Replace).",
    noVideo: "This file has no video in it. Upload a video file instead (Replace).",
    noDuration: "This video has no length (0 seconds). Upload the full video file (Replace).",
    damaged: "This video file is incomplete or damaged (it may have been cut short while copying). Upload the original file again (Replace).",
    unsupported: "This video's format could not be converted for streaming. Export it as an H.264 MP4 or MOV and upload it again (Replace).",
    processing: "Processing failed. Use Retry processing; if it fails again, upload the file again (Replace).",
    check: "Its streaming versions did not pass the final check (their length or picture did not match the file). Use Retry processing; if it fails again, upload the file again (Replace).",
    notRetryable: "Processing this file again cannot help: upload a new file with Replace.",
    /** Appended to a rejection's reason: the file was deleted and its credits returned. */
    refunded: "The file was removed and its credits returned.",
    /** The credit history's line for that refund. */
    refundPurpose: (fileName: string) => `Returned: ${fileName} is not a playable video`,
  },
  /** The Video Player's side panel tabs: spec §2 names them GENERAL and ADVANCE (the chapters); CAPTIONS follows their case. */
  playerTabs: { general: "GENERAL", advance: "ADVANCE", captions: "CAPTIONS", review: "REVIEW" },
  fileTooLarge: (size: string, max = "40 MB") => `File too large (${size}). Maximum allowed size is ${max}.`,
  partFailed: (n: number) => `Part ${n} failed`,
  partNetworkError: (n: number) => `Network error on part ${n}`,
  imageUploadFailed: "Oops Image Uploading Failed....",
  audioUploadFailed: UPLOAD_FAILED,
  uploadFailed: UPLOAD_FAILED,
  uploadNetworkError: "Network error during upload",
  onlyVideoFiles: "Only video files can be uploaded here.",
  uploadTotalSize: "Total size",
  /** A file's one state, in the upload panel and on its card alike (lib/services/films/rules/video-state.ts). */
  uploadStates: {
    queued: "Queued",
    uploading: "Uploading",
    processing: PROCESSING,
    ready: "Ready",
    failed: "Failed",
    interrupted: "Unfinished",
    filed: "Already uploaded — keep it or delete it?",
  },
  uploadFiledKeep: (name: string) => `Keep ${name}`,
  uploadFiledDelete: (name: string) => `Delete ${name}`,
  uploadFiledDeleted: (name: string) => `${name} was deleted.`,
  uploadInterruptedHint: "Choose the same file again to resume.",
  uploadsOffline: "You are offline. Uploads continue by themselves when the connection is back.",
  uploadWaitingForNetwork: "Waiting for the network",
  uploadRetryHint: "Retry continues from the parts already uploaded.",
  resumeWrongFile: (name: string) => `This is not the file this upload was started with. Choose the same file (${name}) to resume it, or Discard it.`,
  uploadExpired: "This upload was left unfinished for more than a day and has expired. Choose the file again to upload it afresh.",
  /** An unfinished upload the server still holds (resumable uploads): what is stored, until when. */
  uploadUnfinishedHint: (stored: string, total: string, until: string) => `${stored} of ${total} stored · kept until ${until}. Resume with the same file.`,
  uploadExpiredHint: "Expired: choose the file to upload it again.",
  /** 409s of the upload state machine: the upload already reached (or is reaching) another state. */
  uploadState: {
    COMPLETING: "This upload is being completed.",
    COMPLETED: "This upload is already completed.",
    CANCELLED: "This upload was cancelled.",
    FAILED: "This upload failed. Please upload the file again.",
    EXPIRED: "This upload expired. Please upload the file again.",
  },
  uploadPartsRefused: "The upload could not be completed: some parts are missing or wrong.",
  uploadLargerThanDeclared: "The file is larger than announced. Please upload it again.",
  /** The simple flow (one PUT of the whole file): completing before the PUT, or with parts. */
  simpleUploadMissing: "The file was not found in the store: PUT it to the upload's address, then complete again.",
  simpleUploadTooLarge: "A file sent in one PUT may be at most 5 GB: use the multipart upload for larger files.",
  simpleUploadHasNoParts: "This upload was started as one PUT of the whole file: complete it without parts.",
  multipartPartsRequired: "parts are required.",
  /** A film's versions: kept earlier cuts, compare and wipe. */
  versions: {
    currentNotDeleted: "This is the version guests see. Upload a new version first, or delete the film.",
    versionInvalid: "version is one of the film's version numbers.",
    deleted: (v: number) => `Version v${v} was deleted. Its comments stay.`,
    title: "Versions",
    hint: "Upload a new cut as a new version: guests see it at once, earlier versions stay here until you delete them.",
    uploadNew: "Upload new version",
    uploading: (percent: number) => `Uploading new version… ${percent}%`,
    current: "Current",
    label: (v: number) => `v${v}`,
    comments: (n: number) => (n === 1 ? "1 comment" : `${n} comments`),
    compare: "Compare",
    compareWith: (v: number) => `Compare with v${v}`,
    deleteVersion: (v: number) => `Delete v${v}`,
    confirmDelete: (v: number) => `Delete version v${v}? Its file goes; its comments stay.`,
    loading: "Loading versions…",
    compareTitle: (title: string) => `Compare versions: ${title}`,
    left: "Left",
    right: "Right",
    sideBySide: "Side by side",
    wipe: "Wipe",
    wipePosition: "Wipe position",
    play: "Play both",
    pause: "Pause both",
    position: "Position",
    soundFrom: "Sound from",
  },
  // A film's captions: why a caption file was refused (lib/services/films/rules/captions.ts), and its language and label.
  captions: {
    tooLarge: `The file is larger than ${CAPTION_MAX_BYTES / (1024 * 1024)} MB, far more than captions take: check that it is the caption file.`,
    fileHint: `SRT or WebVTT file (up to ${CAPTION_MAX_BYTES / (1024 * 1024)} MB)`,
    loading: "Loading captions...",
    notText: "The file is not readable text. Save the captions as UTF-8 (Windows-1252 also works) and upload them again.",
    empty: "The file has no captions.",
    notCaptions: "The file is neither SRT nor WebVTT. Upload captions as an .srt or .vtt file.",
    tooManyCues: `The file has more than ${CAPTION_MAX_CUES.toLocaleString("en-US")} captions.`,
    /** A cue's time is missing or malformed (or names a minute or second of 60 or more). */
    badTiming: (cue: number, line: number) =>
      `Caption ${cue} (line ${line}) has a missing or invalid time. Times look like 00:01:02,500 (SRT) or 00:01:02.500 (WebVTT), with minutes and seconds below 60.`,
    endBeforeStart: (cue: number, line: number) => `Caption ${cue} (line ${line}) does not end after it starts: its end time must be later than its start time.`,
    languageUnknown: "Choose a language from the list.",
    labelRequired: "Give the captions a label, for example “English”.",
    labelTooLong: (max: number) => `Use at most ${max} characters for the label.`,
    labelOneLine: "The label must be a single line of text.",
    changedMeanwhile: "This film's captions were changed at the same moment elsewhere. Reload and try again.",
    deleteConfirm: "Are you sure you want to delete these captions?",
    none: "No captions added yet",
    uploaded: "Captions saved.",
    fileRequired: "Choose an .srt or .vtt file to upload.",
    /** The Add form's language already has captions: uploading replaces their file. */
    replaces: (label: string) => `This film already has captions in this language (${label}): uploading replaces their file.`,
  },
} as const;

// Films: a studio's videos from upload to playback. Multipart uploads and their resume, a film in one PUT, single-file
// uploads, processing into the HLS ladder (in chunks, by any worker), the watermarked preview of an
// unpaid gallery, versions, captions (and their automatic transcripts), chapters, what a player loads, and the store's sweeps.
// The domain's entry: code outside lib/services/films/ imports this module or rules/, nothing else.
export { deleteCaption, listCaptions, saveCues, studioCaptionText, updateCaption, uploadCaption, viewerCaptionText, viewerChaptersText } from "./captions";
export { createChapter, deleteChapter, listChapters, updateChapter } from "./chapters";
export { PLAYLIST_CONTENT_TYPE, studioPlaylist, viewerPlaylist, viewerStream, viewerVersions } from "./playback";
export { fillFilmShapes } from "./film-shapes";
export { failTranscript, filmTranscript, queueTranscript, requestTranscript, retryTranscript, runTranscript, transcriptSettings, updateTranscriptSettings } from "./transcripts";
export { readFilm } from "./film-read";
export { expireStaleUploads, sweepOrphanedObjects } from "./storage-sweep";
export { claimAsset, presignUpload, refuseAsset, releaseAsset, settleSingleUpload, unsavedAsset } from "./upload-files";
export { resumeUpload, unfinishedUploads } from "./upload-resume";
export { endOpenUploads } from "./upload-state";
export { abortVideoUpload, checkFile, completeVideoUpload, deleteFile, partUrl, recordPart, startSimpleVideoUpload, startVideoUpload, uploadedParts } from "./upload-videos";
export { failChunkedLadder, processChunk } from "./video-chunks";
export { processLadder, stopOptimising } from "./video-ladder";
export { dropPreviews, makePreview, queuePreviews, queueStudioPreviews } from "./video-preview";
export { failVideo, processVideo, videosAwaitingProcessing } from "./video-processing";
export { deleteVersion, filmVersions } from "./video-versions";
export { afterImport, createVideo, deleteVideo, fileImportedVideos, originalDownloadUrl, retryVideo, updateVideo, videoThumb, videoView } from "./videos";

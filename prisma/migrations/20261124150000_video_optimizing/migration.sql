-- A video may be READY (playable from its stream copy or first rung) while the rest of its HLS
-- ladder is still being made (issue 20). Existing videos are finished: false.
ALTER TABLE "Video" ADD COLUMN "optimizing" BOOLEAN NOT NULL DEFAULT false;

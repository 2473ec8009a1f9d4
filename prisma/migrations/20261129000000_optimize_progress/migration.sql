-- How far a playable film's ladder is (issue 39: the card shows the stage and a progress figure).
ALTER TABLE "Video" ADD COLUMN "optimizeProgress" INTEGER;

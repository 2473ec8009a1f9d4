-- Live review (issue 40 item 3): each change to a film's review, in its film's commit order.
CREATE TABLE "ReviewEvent" (
    "id" BIGSERIAL NOT NULL,
    "videoId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "commentId" UUID,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewEvent_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ReviewEvent_videoId_id_idx" ON "ReviewEvent"("videoId", "id");
CREATE INDEX "ReviewEvent_at_idx" ON "ReviewEvent"("at");

ALTER TABLE "ReviewEvent" ADD CONSTRAINT "ReviewEvent_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Who may open a gallery (issue 55 item 2): anyone with its link (LINK, every existing gallery's
-- and the default) or only its invited guests' personal links and its password (INVITED).
CREATE TYPE "GalleryAudience" AS ENUM ('LINK', 'INVITED');

ALTER TABLE "Gallery" ADD COLUMN "audience" "GalleryAudience" NOT NULL DEFAULT 'LINK';

-- The admission of a new anonymous viewer in one round trip (lib/services/guests/engagement-limits.ts admit).
-- It was a transaction of four round trips (BEGIN, the advisory lock of the gallery, the capped
-- insert, COMMIT) that held the lock across the event loop of the app: under 100 new viewers a second
-- of one gallery they queued behind one another for up to a second. Here the lock is held only while
-- the database works. Each statement of a plpgsql function takes its own snapshot (READ COMMITTED),
-- so the counts after the lock see every viewer admitted by the previous holder of the lock.
--
-- Returns the key the report counts under: the key of the browser (a viewer there already, or one
-- admitted now within both caps), else the first viewer of the address that day, else NULL.
-- Written for the migration runner of the pg driver adapter, which splits a script at every
-- semicolon, in quotes or not (@prisma/adapter-pg executeScript, prisma/prisma#22495): the body is
-- an escape string whose semicolons are written \073 (octal for the character), no comment holds a
-- semicolon, and the body has no quotes (its texts are parameters).
CREATE OR REPLACE FUNCTION vf_admit_viewer(
  p_lock text, p_gallery uuid, p_key text, p_anonymous text, p_address text, p_at timestamp(3), p_day_start timestamp(3),
  p_address_cap integer, p_gallery_cap integer
) RETURNS text
LANGUAGE plpgsql VOLATILE AS E'
DECLARE
  v_key text\073
BEGIN
  -- A returning viewer takes no lock.
  SELECT key INTO v_key FROM "GalleryViewer" WHERE "galleryId" = p_gallery AND key = p_key\073
  IF FOUND THEN RETURN v_key\073 END IF\073

  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock, 0))\073

  SELECT key INTO v_key FROM "GalleryViewer" WHERE "galleryId" = p_gallery AND key = p_key\073
  IF FOUND THEN RETURN v_key\073 END IF\073

  IF (SELECT count(*) FROM "GalleryViewer" WHERE "galleryId" = p_gallery AND "addressKey" = p_address) < p_address_cap
     AND (SELECT count(*) FROM "GalleryViewer" WHERE "galleryId" = p_gallery AND "firstSeenAt" >= p_day_start AND key LIKE p_anonymous) < p_gallery_cap
     AND EXISTS (SELECT 1 FROM "Gallery" WHERE id = p_gallery) THEN
    INSERT INTO "GalleryViewer" (id, "galleryId", key, "addressKey", "firstSeenAt", "lastSeenAt", visits)
    VALUES (gen_random_uuid(), p_gallery, p_key, p_address, p_at, p_at, 1)
    ON CONFLICT ("galleryId", key) DO NOTHING
    RETURNING key INTO v_key\073
    IF v_key IS NOT NULL THEN RETURN v_key\073 END IF\073
  END IF\073

  SELECT key INTO v_key FROM "GalleryViewer" WHERE "galleryId" = p_gallery AND "addressKey" = p_address
    ORDER BY "firstSeenAt", id LIMIT 1\073
  RETURN v_key\073
END
';

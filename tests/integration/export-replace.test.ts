// Issue 36 item 11: exports are free, so they must not pile up (three exports were kept 7 days each).
// A new export replaces the studio's previous one once it is READY: the previous ZIP is deleted from
// the store and its row with it, so two exports in a row leave one row and one archive. Until then
// the previous one stays downloadable: while the new one runs, and when it fails.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as getExport } from "@/app/api/export/route";
import { GET as downloadExport } from "@/app/api/export/download/route";
import { failExport, runExport, startExport } from "@/lib/services/data/studio-export";
import { listKeys, putObjects } from "../helpers/storage";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

type Studio = Awaited<ReturnType<typeof createStudio>>;

/** A studio with one stored file to pack (its logo): a small, quick export. */
async function smallStudio(): Promise<Studio> {
  const studio = await createStudio();
  const logo = `${studio.id}/assets/logo-${randomUUID().slice(0, 6)}.png`;
  await putObjects([logo]);
  await db.admin.update({ where: { id: studio.id }, data: { companyLogoUrl: logo } });
  return studio;
}

async function exported(studio: Studio): Promise<string> {
  const started = await startExport(studio, "cli");
  expect(await runExport(started.id)).toBe("ready");
  return started.id;
}

const archives = (studio: Studio) => listKeys(`${studio.id}/exports/`);
const rows = (studio: Studio) => db.studioExport.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });

/** Where the download door sends the studio now (the store key in the signed address), or its status. */
async function downloadTarget(studio: Studio): Promise<string | number> {
  const res = await call(downloadExport, request("GET", "/api/export/download", { token: await bearerFor(studio) }));
  return res.status === 302 ? decodeURIComponent(new URL(res.headers.get("location")!).pathname) : res.status;
}

it("two exports in a row leave one export row and one archive in the store: the newer one", async () => {
  const studio = await smallStudio();
  const first = await exported(studio);
  expect(await archives(studio)).toEqual([`${studio.id}/exports/${first}.zip`]);
  const second = await exported(studio);
  expect((await rows(studio)).map((r) => [r.id, r.status])).toEqual([[second, "READY"]]);
  expect(await archives(studio)).toEqual([`${studio.id}/exports/${second}.zip`]);
  expect(await downloadTarget(studio)).toContain(`${studio.id}/exports/${second}.zip`);
});

it("the previous export stays downloadable while the new one runs and when it fails; the next success replaces both", async () => {
  const studio = await smallStudio();
  const token = await bearerFor(studio);
  const first = await exported(studio);
  const previousKey = `${studio.id}/exports/${first}.zip`;

  // Running: the previous archive is still there, and the studio is told so.
  const second = await startExport(studio, "cli");
  expect(await archives(studio)).toEqual([previousKey]);
  expect(await downloadTarget(studio)).toContain(previousKey);
  const state = (await (await call(getExport, request("GET", "/api/export", { token }))).json()).export;
  expect(state).toMatchObject({ id: second.id, status: "QUEUED", downloadUrl: null, previous: { downloadUrl: "/api/export/download", fileName: expect.any(String) } });

  // Failed (its last try): the previous one is still downloadable.
  await db.studioExport.update({ where: { id: second.id }, data: { status: "RUNNING" } });
  await failExport(second.id);
  expect(await archives(studio)).toEqual([previousKey]);
  expect(await downloadTarget(studio)).toContain(previousKey);
  const failed = (await (await call(getExport, request("GET", "/api/export", { token }))).json()).export;
  expect(failed).toMatchObject({ id: second.id, status: "FAILED", previous: { downloadUrl: "/api/export/download" } });

  // The next success replaces the previous archive and the failed row.
  const third = await exported(studio);
  expect((await rows(studio)).map((r) => r.id)).toEqual([third]);
  expect(await archives(studio)).toEqual([`${studio.id}/exports/${third}.zip`]);
  const ready = (await (await call(getExport, request("GET", "/api/export", { token }))).json()).export;
  expect(ready).toMatchObject({ id: third, status: "READY", previous: null });
});

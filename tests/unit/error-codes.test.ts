// The codes on the wire: lib/error-codes.ts and docs/api.md ("Errors") list the same codes with the
// same statuses, and an AppError carries the code it was made with (a kind's own lower-case code, or
// a specific one) with that code's status.
import { codeForStatus, ERROR_STATUS } from "@/lib/error-codes";
import { AppError, toHttpError } from "@/lib/errors";
import { RateLimitError } from "@/lib/security/rate-limit";
import { TEXTS } from "@/lib/texts";
import { documentedCodes } from "../helpers/error-shape";

jest.mock("@/lib/db", () => ({ db: {} }));

it("docs/api.md documents exactly the codes of lib/error-codes.ts, with their statuses", () => {
  expect(documentedCodes().size).toBeGreaterThan(10);
  expect(Object.fromEntries(documentedCodes())).toEqual(ERROR_STATUS);
});

it("codes are lower-case snake case", () => {
  for (const code of Object.keys(ERROR_STATUS)) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
});

it("an AppError of a kind carries that kind's code; a specific code keeps its own status", () => {
  expect(toHttpError(new AppError("NOT_FOUND", TEXTS.notFoundApi))).toEqual({ status: 404, code: "not_found", message: TEXTS.notFoundApi });
  expect(toHttpError(new AppError("VALIDATION", "x"))).toMatchObject({ status: 400, code: "validation" });
  expect(toHttpError(new AppError("not_enough_credits", TEXTS.notEnoughCredits))).toEqual({ status: 409, code: "not_enough_credits", message: TEXTS.notEnoughCredits });
  expect(toHttpError(new AppError("gallery_locked", TEXTS.viewer.locked))).toMatchObject({ status: 401, code: "gallery_locked" });
  expect(toHttpError(new RateLimitError(5))).toMatchObject({ status: 429, code: "rate_limited" });
  expect(toHttpError(Object.assign(new Error("dup"), { code: "P2002" }))).toMatchObject({ status: 409, code: "conflict" });
});

it("every general status has its code; an unknown error is internal", () => {
  for (const status of [400, 401, 403, 404, 405, 409, 413, 429, 500, 502, 503]) expect(ERROR_STATUS[codeForStatus(status)]).toBe(status);
  expect(toHttpError(new Error("?"))).toMatchObject({ status: 500, code: "internal" });
});

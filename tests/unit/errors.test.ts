import { toHttpError, unavailableService } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

const err = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? "")), props);

describe("which service is down", () => {
  beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => {}));

  it("recognises the database: Prisma's codes, the driver's wrapped Postgres codes, a refused socket under the driver", () => {
    expect(unavailableService(err({ name: "PrismaClientKnownRequestError", code: "P1001" }))).toBe("database");
    expect(unavailableService(err({ name: "DriverAdapterError", message: "x", cause: { originalCode: "57P03", kind: "postgres" } }))).toBe("database");
    expect(unavailableService(err({ name: "DriverAdapterError", message: "Connection terminated unexpectedly" }))).toBe("database");
    // No pooled connection came in time for a transaction: the database is saturated, try again.
    expect(unavailableService(err({ name: "PrismaClientKnownRequestError", code: "P2028", message: "Transaction API error: Unable to start a transaction in the given time." }))).toBe("database");
    expect(unavailableService(err({ name: "PrismaClientKnownRequestError", code: "P2028", message: "Transaction API error: Transaction already closed" }))).toBeNull();
    expect(unavailableService(err({ name: "DriverAdapterError", message: "x", cause: err({ code: "ECONNREFUSED" }) }))).toBe("database");
  });

  it("recognises the store: the AWS SDK's socket errors, plain or wrapped", () => {
    expect(unavailableService(err({ code: "ECONNREFUSED", $metadata: { attempts: 3 } }))).toBe("storage");
    expect(unavailableService(err({ message: "AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9", $metadata: {} }))).toBe("storage");
    expect(unavailableService(err({ name: "TimeoutError", $metadata: {} }))).toBe("storage");
  });

  it("does not blame a service for other errors", () => {
    expect(unavailableService(err({ name: "PrismaClientKnownRequestError", code: "P2002" }))).toBeNull();
    expect(unavailableService(err({ code: "ECONNREFUSED" }))).toBeNull();
    expect(unavailableService(err({ name: "NoSuchUpload", $metadata: { httpStatusCode: 404 } }))).toBeNull();
    expect(unavailableService(null)).toBeNull();
    expect(unavailableService("boom")).toBeNull();
  });

  it("answers 503 with a message for either, 500 for the unknown", () => {
    expect(toHttpError(err({ name: "PrismaClientKnownRequestError", code: "P1001" }))).toEqual({ status: 503, code: "unavailable", message: TEXTS.databaseUnavailable });
    expect(toHttpError(err({ code: "ECONNRESET", $metadata: {} }))).toEqual({ status: 503, code: "unavailable", message: TEXTS.storageUnavailable });
    expect(toHttpError(new Error("?")).status).toBe(500);
  });
});

test("a pool that cannot hand out a connection in time is the database being unavailable", () => {
  expect(unavailableService(new Error("timeout exceeded when trying to connect"))).toBe("database");
});

// next-auth's route handler reads the request through next/headers, which needs Next's request
// scope. Tests that call it mock next/headers with this module and run the call in runInScope():
//   jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Request>();

export function runInScope<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  return scope.run(req, fn);
}

export const nextHeaders = {
  headers: async () => scope.getStore()?.headers ?? new Headers(),
  cookies: async () => {
    const raw = scope.getStore()?.headers.get("cookie") ?? "";
    const all = raw
      .split(/;\s*/)
      .filter(Boolean)
      .map((c) => ({ name: c.slice(0, c.indexOf("=")), value: decodeURIComponent(c.slice(c.indexOf("=") + 1)) }));
    return { getAll: () => all, get: (n: string) => all.find((c) => c.name === n), has: (n: string) => all.some((c) => c.name === n) };
  },
};

// What a failed upload tells the studio (spec §8): 'Part N failed' when storage refused a part,
// 'Network error on part N' when it could not be reached, 'Network error during upload' when our
// server could not be, else the server's own message.
import { ApiError } from "@/lib/browser/api-client";
import { TEXTS } from "@/lib/texts";

type PartError = { partNumber?: number; source?: { status?: number } };

/**
 * Notes which part an error belongs to, leaving the error itself as it is: the upload library
 * decides from it (its `source.status`) whether to try the part again.
 */
export function tagPartError<E>(error: E, partNumber: number): E {
  if (error && typeof error === "object") (error as PartError).partNumber = partNumber;
  return error;
}

export function uploadErrorMessage(error: unknown): string {
  const part = (error as PartError | null)?.partNumber;
  if (part) return (error as PartError).source?.status ? TEXTS.partFailed(part) : TEXTS.partNetworkError(part);
  if (error instanceof ApiError) return error.message;
  // fetch() rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return TEXTS.uploadNetworkError;
  return TEXTS.uploadFailed;
}

import type { AppMessage } from "../../i18n/keys";
import { parseError } from "../../lib/errors";
import { ApiError } from "../../lib/api";

/** What an error shows inline: the backend's message, a wallet error, or the generic one. */
export function errorMessage(err: unknown): AppMessage {
  if (err instanceof ApiError) return err.appMessage;
  return parseError(err);
}

/**
 * Every answer keeps the legacy `{ code, msg, data }` shape:
 * - expected refusals (`ApiRefusal`) and bad bodies (schema, parsing, content type, size): HTTP 200, code 4800/4700;
 * - a statement timeout or no free database connection (`DatabaseBusyError`), or a call refused by
 *   a bulkhead (`BulkheadFullError`: team calls, registrations): HTTP 200, code 4800 "busy";
 * - unknown routes: HTTP 404, code 404;
 * - anything else: HTTP 500, code 500, a generic message; the details go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DatabaseBusyError } from "../db/types.ts";
import { ApiRefusal, CODE, failBody } from "../lib/api.ts";
import { BulkheadFullError } from "../lib/bulkhead.ts";
import { resolveLang, t } from "../i18n/messages.ts";

/** The body field a schema validation error is about (a schema property name, never client input). */
function invalidField(error: FastifyError): string {
  const first = error.validation?.[0];
  if (first === undefined) return "body";
  if (first.keyword === "required") {
    const missing = (first.params as { missingProperty?: unknown }).missingProperty;
    if (typeof missing === "string" && missing !== "") return missing;
  }
  const [, topLevel] = first.instancePath.split("/");
  return topLevel || "body";
}

/** Fastify's own refusals of a request it could not read (body parsing, size, content type, ...). */
function isBadRequest(error: FastifyError): boolean {
  return (
    typeof error.code === "string" &&
    error.code.startsWith("FST_ERR_") &&
    typeof error.statusCode === "number" &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = resolveLang(request.headers.lang);
  if (error instanceof ApiRefusal) {
    return reply.code(200).send(failBody(error.apiCode, error.translate(lang)));
  }
  const busy =
    error instanceof DatabaseBusyError
      ? "database busy"
      : error instanceof BulkheadFullError
        ? "bulkhead full"
        : null;
  if (busy) {
    request.log.warn({ reason: error.message }, busy);
    return reply.code(200).send(failBody(CODE.rejected, t(lang, "busy")));
  }
  if (error.validation) {
    const field = invalidField(error);
    request.log.info({ field, reason: error.message }, "request body rejected");
    return reply.code(200).send(failBody(CODE.rejected, t(lang, "invalidParameter", { field })));
  }
  if (isBadRequest(error)) {
    request.log.info({ reason: error.code }, "request rejected");
    const msg = error.code.startsWith("FST_ERR_CTP_")
      ? t(lang, "invalidParameter", { field: "body" })
      : t(lang, "invalidRequest");
    return reply.code(200).send(failBody(CODE.rejected, msg));
  }
  request.log.error({ err: error }, "unexpected error");
  return reply.code(500).send(failBody(CODE.serverError, t(lang, "operateError")));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  const lang = resolveLang(request.headers.lang);
  return reply.code(404).send(failBody(CODE.notFound, t(lang, "notFound")));
}

/** Errors Fastify meets before routing (`frameworkErrors` option): a URL it cannot decode matches no route. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_BAD_URL") return handleNotFound(request, reply);
  return handleError(error, request, reply);
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
}

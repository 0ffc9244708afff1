/**
 * The HTTP API contract of server/ and app/ (docs/server.md, "API contract"). The app imports types
 * from here and values only from `@taichi/api/codes` and `@taichi/api/lang` (the schemas stay out of
 * its bundle).
 */
export * from "./codes.ts";
export * from "./lang.ts";
export * from "./fields.ts";
export * from "./routes.ts";
export * from "./schema.ts";

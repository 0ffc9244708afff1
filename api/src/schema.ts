/**
 * The JSON Schema subset the contract is written in, and `FromSchema`, the TypeScript type a schema
 * describes. The server hands these schemas to Fastify (ajv); the app only takes their types.
 */

/** A JSON schema, kept literal (`as const`) so that `FromSchema` can read it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** `0x` + 40 hex digits, any letter case. */
export const ADDRESS_PATTERN = "^0x[0-9a-fA-F]{40}$";
/** `0x` + 64 hex digits, any letter case. */
export const HASH_PATTERN = "^0x[0-9a-fA-F]{64}$";

type Hex = `0x${string}`;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<Properties, Required> = Simplify<
  { -readonly [K in keyof Properties as K extends Required ? K : never]: FromSchema<Properties[K]> } & {
    -readonly [K in keyof Properties as K extends Required ? never : K]?: FromSchema<Properties[K]>;
  }
>;

type Primitive<Type, S> = Type extends "string"
  ? S extends { pattern: typeof ADDRESS_PATTERN | typeof HASH_PATTERN }
    ? Hex
    : string
  : Type extends "integer" | "number"
    ? number
    : Type extends "boolean"
      ? boolean
      : Type extends "null"
        ? null
        : Type extends "array"
          ? S extends { items: infer Items }
            ? FromSchema<Items>[]
            : unknown[]
          : Type extends "object"
            ? S extends { properties: infer Properties }
              ? ObjectOf<Properties, S extends { required: readonly (infer R)[] } ? R : never>
              : Record<string, unknown>
            : unknown;

/** The type of the values a schema accepts (`enum`, `const`, `anyOf`, `type` and its keywords). */
export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { anyOf: readonly (infer Alternative)[] }
      ? Alternative extends unknown
        ? FromSchema<Alternative>
        : never
      : S extends { type: infer Type }
        ? Primitive<Type, S>
        : unknown;

/** `schema` or JSON `null`. */
export const nullable = <const S extends JsonSchema>(schema: S) =>
  ({ anyOf: [schema, { type: "null" }] }) as const;

/** An object whose every listed property is required (answers: the server always sends each field). */
export const record = <const P extends Record<string, JsonSchema>>(properties: P) =>
  ({
    type: "object",
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
    properties,
  }) as const;

/**
 * The server's side of the API contract (`@taichi/api`): bodies are validated by Fastify from the
 * route's body schema (routes/invest/route.ts); this checks answers against the route's data schema,
 * where `checkAnswers` is on (tests), so that the server can never drift from what the app is typed with.
 */
import { ROUTES, type RouteName } from "@taichi/api";
import Ajv, { type ValidateFunction } from "ajv";

const ajv = new Ajv({ allErrors: true, strictTypes: false });
const validators = new Map<RouteName, ValidateFunction>();

/** Thrown (answered as a 500) when a route's `data` is not what the contract says. */
export class ContractError extends Error {
  constructor(route: RouteName, problems: string) {
    super(`answer of ${route} breaks the API contract: ${problems}`);
    this.name = "ContractError";
  }
}

/** Throws a `ContractError` unless `data` matches the data schema of `route`. */
export function checkAnswer(route: RouteName, data: unknown): void {
  let validate = validators.get(route);
  if (!validate) validators.set(route, (validate = ajv.compile(ROUTES[route].data)));
  if (!validate(data)) throw new ContractError(route, ajv.errorsText(validate.errors, { dataVar: "data" }));
}

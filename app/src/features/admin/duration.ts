import type { TFunction } from "../../i18n";

export type DurationUnit = "days" | "hours" | "minutes" | "seconds";

const UNITS: [DurationUnit, number][] = [
  ["days", 86_400],
  ["hours", 3_600],
  ["minutes", 60],
  ["seconds", 1],
];

/** A number of seconds as its non-zero parts, largest first (48 h -> 2 days; 90 -> 1 minute 30 seconds). */
export function durationParts(seconds: bigint): { unit: DurationUnit; n: number }[] {
  let left = Number(seconds > 0n ? seconds : 0n);
  const parts: { unit: DurationUnit; n: number }[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push({ unit, n });
  }
  return parts.length > 0 ? parts : [{ unit: "seconds", n: 0 }];
}

/** A delay for people: "2 days", "2 minutes", "1 hour 30 minutes" (zh: "2 天"). */
export function durationText(seconds: bigint, t: TFunction): string {
  return durationParts(seconds)
    .map(({ unit, n }) => t(`governance.duration.${unit}`, { n }))
    .join(" ");
}

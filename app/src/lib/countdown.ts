export type Countdown = {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** true once the target time is reached (all parts "00") */
  done: boolean;
};

import { formatLocale } from "./format";

/** Time left until `targetSec` at `nowSec` (both unix seconds), each part two digits in the shown locale. */
export function countdown(targetSec: number, nowSec: number): Countdown {
  const left = Math.max(0, Math.floor(targetSec - nowSec));
  const digits = new Intl.NumberFormat(formatLocale(), { minimumIntegerDigits: 2, useGrouping: false });
  const pad = (n: number) => digits.format(n);
  return {
    days: pad(Math.floor(left / 86_400)),
    hours: pad(Math.floor((left % 86_400) / 3_600)),
    minutes: pad(Math.floor((left % 3_600) / 60)),
    seconds: pad(left % 60),
    done: left === 0,
  };
}

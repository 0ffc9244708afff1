export type Countdown = {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
  /** true once the target time is reached (all parts "00") */
  done: boolean;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** Time left until `targetSec` at `nowSec` (both unix seconds), each part zero-padded to 2 digits. */
export function countdown(targetSec: number, nowSec: number): Countdown {
  const left = Math.max(0, Math.floor(targetSec - nowSec));
  return {
    days: pad(Math.floor(left / 86_400)),
    hours: pad(Math.floor((left % 86_400) / 3_600)),
    minutes: pad(Math.floor((left % 3_600) / 60)),
    seconds: pad(left % 60),
    done: left === 0,
  };
}

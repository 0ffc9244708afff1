/**
 * The pages members open: Lighthouse audits each (`npm run bench -- lighthouse`), and the layout-shift
 * journey (e2e/tests/layout-shift.e2e.test.ts) loads each at phone width.
 */
export const MEMBER_PAGES = [
  "/",
  "/ido",
  "/stakes",
  "/swap",
  "/team",
  "/invites",
  "/mine",
  "/governance",
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

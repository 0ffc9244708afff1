import { AddressLink } from "../../../../components/AddressLink";
import { useTranslation } from "../../../../i18n";
import type { Withdrawal } from "../logic";

/** A request's member in a `kv` list: the username (— when none) and the payout address. */
export function MemberRows({ withdrawal: w }: { withdrawal: Pick<Withdrawal, "username" | "address"> }) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <dt>{t("withdrawals.memberName")}</dt>
        <dd>{w.username ?? "—"}</dd>
      </div>
      <div>
        <dt>{t("withdrawals.address")}</dt>
        <dd>
          <AddressLink address={w.address} width="full" />
        </dd>
      </div>
    </>
  );
}

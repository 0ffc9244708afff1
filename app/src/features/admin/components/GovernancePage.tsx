import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useClient } from "wagmi";
import { useTranslation } from "../../../i18n";
import { appChain } from "../../../app/wagmi";
import { env } from "../../../lib/env";
import { MANAGER_READ_KEY } from "../hooks/useManagerRead";
import {
  IMPLEMENTATION_SLOT,
  type Managed,
  managedContracts,
  slotAddress,
  timelockContract,
} from "../registry";
import { durationText } from "../duration";
import { ReadError } from "../../../components/ReadError";
import { useAnnouncement } from "../hooks/useAnnouncement";
import { TimelockQueue } from "./TimelockQueue";
import { AnnouncementDetails } from "./cards/AnnouncementNotes";
import { useMinDelay } from "../hooks/useMinDelay";
import { adminReads } from "../reads";
import { AddressLink } from "../../../components/AddressLink";

/** `/governance`, no wallet needed: who owns each contract, the timelock's delay, and its operations. */
export function GovernancePage() {
  const { t } = useTranslation();
  const timelock = timelockContract();
  const minDelay = useMinDelay(timelock);
  return (
    <section className="page governance">
      <h1 className="page-title">{t("pages.governance")}</h1>
      <p className="page-note">{t("governance.intro")}</p>
      <section className="card" aria-labelledby="governance-timelock-title">
        <h2 id="governance-timelock-title" className="card-title">
          {t("governance.timelock")}
        </h2>
        <dl className="kv">
          <div>
            <dt>{t("governance.address")}</dt>
            <dd>
              <AddressLink address={timelock.address} width="full" />
            </dd>
          </div>
          <div>
            <dt>{t("governance.delay")}</dt>
            <dd data-testid="timelock-delay">{minDelay === undefined ? "…" : durationText(minDelay, t)}</dd>
          </div>
        </dl>
        <p className="small muted">{t("governance.delayNote")}</p>
        {env.watchUrl && (
          <p className="small">
            <a href={env.watchUrl} target="_blank" rel="noreferrer">
              {t("governance.getNotified")}
            </a>
          </p>
        )}
      </section>
      <ContractsCard timelock={timelock.address} />
      <AnnouncementCard />
      <TimelockQueue timelock={timelock} minDelay={minDelay} />
    </section>
  );
}

/** Each contract's owner (the timelock named) and, for a proxy, its implementation (ERC-1967 slot). */
function ContractsCard({ timelock }: { timelock: Address }) {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const contracts = managedContracts();
  const read = useQuery({
    queryKey: [MANAGER_READ_KEY, "governance-contracts", contracts.map((c) => c.address)],
    enabled: !!client,
    retry: false,
    queryFn: () => Promise.all(contracts.map((c) => ownerAndImplementation(client!, c))),
  });
  return (
    <section className="card" aria-labelledby="governance-contracts-title">
      <h2 id="governance-contracts-title" className="card-title">
        {t("governance.contracts")}
      </h2>
      {read.isError && (
        <p className="error-text" role="alert">
          {t("governance.readError")}{" "}
          <button type="button" className="link-button" onClick={() => void read.refetch()}>
            {t("common.reload")}
          </button>
        </p>
      )}
      <ul className="governance-contracts" aria-label={t("governance.contracts")}>
        {contracts.map((c, i) => {
          const row = read.data?.[i];
          const ownedByTimelock = !!row?.owner && row.owner.toLowerCase() === timelock.toLowerCase();
          return (
            <li key={c.name} className="governance-contract" data-testid={`contract-${c.name}`}>
              <strong>{c.name}</strong>
              <span className="small">
                <AddressLink address={c.address} width="full" />
              </span>
              <dl className="kv">
                <div>
                  <dt>{t("governance.owner")}</dt>
                  <dd data-testid={`owner-${c.name}`}>
                    {row === undefined ? (
                      "…"
                    ) : ownedByTimelock ? (
                      t("governance.ownerTimelock")
                    ) : row.owner ? (
                      <AddressLink address={row.owner} width="full" />
                    ) : (
                      t("governance.unknown")
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t("governance.implementation")}</dt>
                  <dd data-testid={`implementation-${c.name}`}>
                    {row === undefined ? (
                      "…"
                    ) : row.implementation ? (
                      <AddressLink address={row.implementation} width="full" />
                    ) : (
                      t("governance.notProxy")
                    )}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

async function ownerAndImplementation(
  client: NonNullable<ReturnType<typeof useClient>>,
  c: Managed,
): Promise<{ owner: Address | undefined; implementation: Address | undefined }> {
  const reads = adminReads(client);
  const [owner, word] = await Promise.all([
    reads.readContract({ address: c.address, abi: c.abi, functionName: "owner" }).catch(() => undefined),
    reads.getStorageAt({ address: c.address, slot: IMPLEMENTATION_SLOT }),
  ]);
  const implementation = slotAddress(word);
  return {
    owner: owner as Address | undefined,
    implementation: implementation && /^0x0{40}$/.test(implementation) ? undefined : implementation,
  };
}

/**
 * Staking's announced change (`announcement()`): the implementation it upgrades to or the owner it transfers to,
 * when it was announced, when it may land (with a countdown), and that members may close their orders early
 * until then. While orders are open Staking refuses an upgrade or transfer not announced `EXIT_WINDOW` before.
 */
function AnnouncementCard() {
  const { t } = useTranslation();
  const staking = managedContracts().find((c) => c.name === "Staking");
  const { available, loaded, announcement, exitWindow, isError } = useAnnouncement(staking);
  if (!available) return null;
  return (
    <section
      className="card"
      aria-labelledby="governance-announcement-title"
      data-testid="staking-announcement"
    >
      <h2 id="governance-announcement-title" className="card-title">
        {t("governance.announcement.title")}
      </h2>
      {isError && <ReadError message={t("governance.readError")} label={t("common.reload")} />}
      {!loaded && !isError && <p className="muted">{t("common.loading")}</p>}
      {loaded && !announcement && (
        <p className="muted">
          {t("governance.announcement.none", { window: durationText(exitWindow ?? 0n, t) })}
        </p>
      )}
      {announcement && (
        <>
          <AnnouncementDetails announcement={announcement} />
          <p className="small">{t("governance.announcement.note")}</p>
        </>
      )}
    </section>
  );
}

import { useTranslation } from "../i18n";
import { IdoRules } from "../features/ido/components/IdoRules";
import { PresaleCard } from "../features/ido/components/PresaleCard";
import { useIdoOverview, useSalePhase } from "../features/ido/hooks/useIdoOverview";
import { RegistrationStatus } from "../features/register/components/RegistrationStatus";

/** Names shown in the partners strip (proper nouns, not translated). */
const PARTNERS = [
  "BNB Chain",
  "PancakeSwap",
  "MetaMask",
  "OKX Wallet",
  "TokenPocket",
  "Trust Wallet",
  "Bitget Wallet",
];

/**
 * `/` and `/home`: hero, announcement, the presale card, its rules, the member's registration status,
 * partners. Not lazy (the landing page): its chain reads are one Multicall3 batch (`useIdoOverview`).
 */
export default function Home() {
  const { t } = useTranslation();
  const overview = useIdoOverview();
  const sale = useSalePhase(overview);
  return (
    <section className="page home">
      <div className="hero">
        <div className="hero-taiji" aria-hidden="true" />
        <h1 className="hero-title">{t("home.heroTitle")}</h1>
        <p className="hero-text">{t("home.heroText")}</p>
      </div>
      <section className="card announcement" aria-labelledby="announcement-title">
        <h2 id="announcement-title" className="card-title">
          {t("home.announcementTitle")}
        </h2>
        <p className="announcement-text">
          {t(`home.announcement.${sale?.phase ?? "pending"}`, {
            symbol: overview.tokenSymbol ?? t("common.appName"),
          })}
        </p>
      </section>
      <PresaleCard overview={overview} showLink />
      <IdoRules overview={overview} />
      <RegistrationStatus />
      <section className="card" aria-labelledby="partners-title">
        <h2 id="partners-title" className="card-title">
          {t("home.partnersTitle")}
        </h2>
        <ul className="partners">
          {PARTNERS.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </section>
    </section>
  );
}

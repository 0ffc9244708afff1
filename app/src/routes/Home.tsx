import { useTranslation } from "react-i18next";
import { RegistrationStatus } from "../features/register/components/RegistrationStatus";

/** `/` and `/home`: hero + the member's registration status. Not lazy: it is the landing page. */
export default function Home() {
  const { t } = useTranslation();
  return (
    <section className="page home">
      <div className="hero">
        <div className="hero-taiji" aria-hidden="true" />
        <h1 className="hero-title">{t("home.heroTitle")}</h1>
        <p className="hero-text">{t("home.heroText")}</p>
      </div>
      <RegistrationStatus />
    </section>
  );
}

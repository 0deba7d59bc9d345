import toast from "react-hot-toast";
import { Button, ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Pill } from "../../components/Pill.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import { PRICING_CONTACT_MESSAGE, PRICING_TIERS, PRICING_TOAST_MS, type PricingTier } from "./pricing-tiers.ts";
import "./PricingPage.css";

export { PRICING_TOAST_MS };

/** The toast's id: react-hot-toast shows one toast per id. */
const PRICING_TOAST_ID = "pricing-contact";

/**
 * Paid plans are not on sale while Amia is being trialled: say so instead. One toast however
 * often it is asked for (a second click shows the same one again for its full 10 s).
 */
function showContactToast() {
  toast(PRICING_CONTACT_MESSAGE, { id: PRICING_TOAST_ID, duration: PRICING_TOAST_MS });
}

function TierAction({ tier }: { tier: PricingTier }) {
  const variant = tier.isBestValue ? "primary" : "secondary";
  if (tier.action.kind === "sign-up") {
    return (
      <ButtonLink to={tier.action.to} variant={variant} size="large" className="pricing-tier-button">
        {tier.action.label}
      </ButtonLink>
    );
  }
  return (
    <Button variant={variant} size="large" className="pricing-tier-button" onClick={showContactToast}>
      {tier.action.label}
    </Button>
  );
}

export function PricingPage() {
  usePageTitle("Pricing");

  return (
    <div className="pricing">
      <header className="pricing-header">
        <h1 className="pricing-title">Pricing</h1>
        <p className="pricing-lead">Simple plans for every calendar. Start free and upgrade when you need more.</p>
      </header>
      <ul className="pricing-tiers">
        {PRICING_TIERS.map((tier) => (
          <li key={tier.id} className={tier.isBestValue ? "pricing-tier pricing-tier--best" : "pricing-tier"}>
            <Card
              className="pricing-tier-card"
              title={tier.name}
              actions={tier.isBestValue ? <Pill tone="primary">BEST VALUE</Pill> : undefined}
            >
              <p className="pricing-tier-price">
                <span className="pricing-tier-amount">{tier.price}</span>
                {tier.period && <span className="pricing-tier-period">{tier.period}</span>}
              </p>
              <p className="pricing-tier-description">{tier.description}</p>
              <ul className="pricing-tier-features" aria-label={`${tier.name} plan includes`}>
                {tier.features.map((feature) => (
                  <li key={feature}>
                    <span className="pricing-tier-check" aria-hidden="true">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <TierAction tier={tier} />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default PricingPage;

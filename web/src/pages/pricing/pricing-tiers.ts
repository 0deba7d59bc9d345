/** SPEC.md section 2, "Pricing page", and section 9, "Toasts" and "Pricing". */

/** How long the "Contact Us" toast stays up. */
export const PRICING_TOAST_MS = 10_000;

export const PRICING_CONTACT_MESSAGE =
  "Amia is currently being trialled. Please check back soon, or sign up for the free tier in the meantime!";

export type PricingAction = { kind: "sign-up"; label: "Get Started"; to: "/login" } | { kind: "contact"; label: "Contact Us" };

export interface PricingTier {
  id: "free" | "pro" | "legend";
  name: string;
  /** "$0", "$9" — or a phrase for contact-us pricing. */
  price: string;
  /** "/month" for a fixed price; absent for contact-us pricing. */
  period?: "/month";
  description: string;
  features: readonly string[];
  isBestValue: boolean;
  action: PricingAction;
}

export const PRICING_TIERS: readonly PricingTier[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "/month",
    description: "Try your AI assistant and see how much easier planning can be.",
    features: ["10 AI credits a month", "2 smart reoccurring events", "Basic smart features", "Community support"],
    isBestValue: false,
    action: { kind: "sign-up", label: "Get Started", to: "/login" },
  },
  {
    id: "pro",
    name: "Pro",
    price: "$9",
    period: "/month",
    description: "For busy people who coordinate plans every week.",
    features: ["100 AI credits a month", "All smart features", "Unlimited smart reoccurring events", "Priority support"],
    isBestValue: true,
    action: { kind: "contact", label: "Contact Us" },
  },
  {
    id: "legend",
    name: "Legend",
    price: "Contact us",
    description: "For teams and organisations that need more.",
    features: [
      "Everything in Pro",
      "Custom integrations",
      "A dedicated account manager",
      "White-label options",
      "API access",
    ],
    isBestValue: false,
    action: { kind: "contact", label: "Contact Us" },
  },
];

import { ButtonLink } from "../../components/Button.tsx";
import { Card } from "../../components/Card.tsx";
import { Pill } from "../../components/Pill.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import {
  CONTACT_PLACEHOLDER,
  LANDING_BENEFITS,
  LANDING_FEATURES,
  LANDING_STATISTICS,
  STATISTICS_FOOTNOTE,
} from "./landing-content.ts";
import "./LandingPage.css";
import { FeatureIcon } from "./FeatureIcon.tsx";

const FOOTNOTE_ID = "landing-stats-footnote";

const MOCKUP_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri"];
const MOCKUP_EVENTS = [
  { title: "Team sync", day: 1, row: 2, span: 2, tone: "primary" },
  { title: "Lunch with Sam", day: 2, row: 4, span: 2, tone: "secondary" },
  { title: "Focus time", day: 3, row: 2, span: 3, tone: "success" },
  { title: "Dentist", day: 4, row: 5, span: 2, tone: "primary" },
  { title: "Family dinner", day: 5, row: 3, span: 2, tone: "warning" },
] as const;

/** Decorative week view in plain HTML/CSS; hidden from assistive technology. */
function CalendarMockup() {
  return (
    <div className="landing-mockup" aria-hidden="true">
      <div className="landing-mockup-bar">
        <span className="landing-mockup-dot" />
        <span className="landing-mockup-dot" />
        <span className="landing-mockup-dot" />
        <span className="landing-mockup-title">This week</span>
      </div>
      <div className="landing-mockup-grid">
        {MOCKUP_DAYS.map((day) => (
          <div key={day} className="landing-mockup-day">
            {day}
          </div>
        ))}
        {MOCKUP_EVENTS.map((event) => (
          <div
            key={event.title}
            className={`landing-mockup-event landing-mockup-event--${event.tone}`}
            style={{ gridColumn: event.day, gridRow: `${event.row} / span ${event.span}` }}
          >
            {event.title}
          </div>
        ))}
      </div>
      <div className="landing-mockup-chat">
        <span className="landing-mockup-avatar">A</span>
        <p>Done! Family dinner is on Friday at 7 pm — everyone approved.</p>
      </div>
    </div>
  );
}

export function LandingPage() {
  usePageTitle("Your Personal AI Assistant for Calendar Management");

  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-hero-title">
        <div className="landing-hero-copy">
          <Pill tone="primary" className="landing-hero-eyebrow">
            Your Personal AI Assistant for Calendar Management
          </Pill>
          <h1 id="landing-hero-title" className="landing-hero-title">
            Making event coordination effortless
          </h1>
          <p className="landing-hero-lead">
            Amia is the AI assistant that manages your calendar, so you don't have to. Ask in plain words, and it plans,
            coordinates and keeps everyone in the loop.
          </p>
          <div className="landing-hero-actions">
            <ButtonLink to="/login" variant="primary" size="large">
              Get Started Free
            </ButtonLink>
            <ButtonLink to="/pricing" variant="secondary" size="large">
              Pricing
            </ButtonLink>
          </div>
          <div className="landing-stats">
            <ul className="landing-stats-list">
              {LANDING_STATISTICS.map((stat) => (
                <li key={stat.label} className="landing-stat">
                  <p className="landing-stat-text">
                    <span className="landing-stat-value">
                      {stat.value}
                      {stat.hasFootnote && (
                        <sup className="landing-stat-marker">
                          <a href={`#${FOOTNOTE_ID}`} aria-label="See footnote">
                            *
                          </a>
                        </sup>
                      )}
                    </span>{" "}
                    <span className="landing-stat-label">{stat.label}</span>
                  </p>
                </li>
              ))}
            </ul>
            <p id={FOOTNOTE_ID} className="landing-stats-footnote">
              <span aria-hidden="true">* </span>
              <span>{STATISTICS_FOOTNOTE}</span>
            </p>
          </div>
        </div>
        <CalendarMockup />
      </section>

      <section id="features" className="landing-section" aria-labelledby="landing-features-title">
        <div className="landing-section-inner">
          <h2 id="landing-features-title" className="landing-section-title">
            Everything you need to plan together
          </h2>
          <p className="landing-section-lead">One assistant for your calendar, the people in it and the plans you make.</p>
          <div className="landing-features">
            {LANDING_FEATURES.map((feature) => (
              <Card
                key={feature.title}
                className="landing-feature"
                headingLevel={3}
                title={
                  <>
                    <FeatureIcon icon={feature.icon} />{" "}
                    {feature.title}
                  </>
                }
              >
                <p className="landing-feature-text">{feature.description}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section className="landing-section landing-section--tinted" aria-labelledby="landing-benefits-title">
        <div className="landing-section-inner">
          <h2 id="landing-benefits-title" className="landing-section-title">
            Why people choose Amia
          </h2>
          <ul className="landing-benefits">
            {LANDING_BENEFITS.map((benefit) => (
              <li key={benefit.title} className="landing-benefit">
                <h3 className="landing-benefit-title">{benefit.title}</h3>
                <p className="landing-benefit-text">{benefit.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="about" className="landing-section" aria-labelledby="landing-about-title">
        <div className="landing-section-inner landing-about">
          <h2 id="landing-about-title" className="landing-section-title">
            About Amia
          </h2>
          <p className="landing-section-lead">
            We built Amia because planning a simple dinner shouldn't take twenty messages. Amia connects your calendar, your
            relationships and an AI assistant that understands what you mean, so events get organised while you get on with
            your day.
          </p>
          <ButtonLink to="/login" variant="primary" size="large">
            Start Your AI Journey
          </ButtonLink>
        </div>
      </section>

      <section className="landing-section landing-section--tinted" aria-label="Help, contact and status">
        <div className="landing-section-inner landing-support">
          <div id="help" className="landing-support-item">
            <h2 className="landing-support-title">Help</h2>
            <p>
              New to Amia? Sign in, connect your Google Calendar from your profile, and ask the assistant for what you
              need — for example "find an hour for coffee with Alex next week". Guides and FAQs are on their way.
            </p>
          </div>
          <div id="contact" className="landing-support-item">
            <h2 className="landing-support-title">Contact</h2>
            <dl className="landing-contact">
              <div>
                <dt>Email</dt>
                <dd>{CONTACT_PLACEHOLDER}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{CONTACT_PLACEHOLDER}</dd>
              </div>
              <div>
                <dt>Address</dt>
                <dd>{CONTACT_PLACEHOLDER}</dd>
              </div>
            </dl>
          </div>
          <div id="status" className="landing-support-item">
            <h2 className="landing-support-title">Status</h2>
            <p>
              Amia is currently in its trial phase. A live service status page is coming — status details: {CONTACT_PLACEHOLDER}.
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

export default LandingPage;

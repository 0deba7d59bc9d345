import { Link } from "react-router-dom";
import { usePageTitle } from "../usePageTitle.ts";
import { LEGAL_CONTACT_DETAILS, type LegalDocumentData } from "./legal-types.ts";
import "./LegalDocument.css";

const LEGAL_LINKS = [
  { to: "/legal/terms", label: "Terms of Service" },
  { to: "/legal/privacy", label: "Privacy Policy" },
  { to: "/legal/cookies", label: "Cookie Policy" },
  { to: "/security", label: "Security Overview" },
] as const;

function sectionId(document: LegalDocumentData, index: number): string {
  return `${document.slug}-${index + 1}`;
}

/** One legal document: title, last-updated date, contents and numbered sections. */
export function LegalDocument({ document }: { document: LegalDocumentData }) {
  usePageTitle(document.title);

  return (
    <article className="legal" aria-labelledby="legal-title">
      <header className="legal-header">
        <h1 id="legal-title" className="legal-title">
          {document.title}
        </h1>
        <p className="legal-updated">{`Last updated: ${document.lastUpdated}`}</p>
        <p className="legal-intro">{document.intro}</p>
      </header>

      <nav className="legal-contents" aria-labelledby="legal-contents-title">
        <h2 id="legal-contents-title" className="legal-contents-title">
          Contents
        </h2>
        <ol className="legal-contents-list">
          {document.sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#${sectionId(document, index)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {document.sections.map((section, index) => (
        <section key={section.title} id={sectionId(document, index)} className="legal-section">
          <h2 className="legal-section-title">
            {`${index + 1}. ${section.title}`}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="legal-paragraph">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="legal-items">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.showContactDetails && (
            <dl className="legal-contact">
              {LEGAL_CONTACT_DETAILS.map((detail) => (
                <div key={detail.label} className="legal-contact-row">
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}

      <nav className="legal-related" aria-label="Other policies">
        {LEGAL_LINKS.filter((link) => link.label !== document.title).map((link) => (
          <Link key={link.to} to={link.to} className="legal-related-link">
            {link.label}
          </Link>
        ))}
      </nav>
    </article>
  );
}

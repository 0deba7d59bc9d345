import { useNavigate } from "react-router-dom";
import { Button } from "../../components/Button.tsx";
import { usePageTitle } from "../usePageTitle.ts";
import "./NotFoundPage.css";

/** SPEC.md section 2, "Not-found page". */
export function NotFoundPage() {
  usePageTitle("Page not found");
  const navigate = useNavigate();

  return (
    <div className="not-found">
      <h1 className="not-found-title">Amia</h1>
      <p className="not-found-line">Not sure, but this page sure isn't.</p>
      <p className="not-found-text">The page you're looking for doesn't exist or has been moved.</p>
      <div className="not-found-actions">
        <Button variant="primary" onClick={() => navigate("/dashboard")}>
          Go Home
        </Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
    </div>
  );
}

export default NotFoundPage;

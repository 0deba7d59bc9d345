import { Navigate, Outlet, useLocation } from "react-router-dom";
import { FullScreenSpinner } from "../components/Spinner.tsx";
import { useAuth } from "./AuthProvider.tsx";

/**
 * The auth guard (SPEC.md section 2): a full-screen spinner while the session loads, then
 * either the signed-in routes or /login (remembering where the user was going).
 */
export function RequireAuth() {
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenSpinner />;
  if (!isAuthenticated) {
    const returnTo = location.pathname + location.search;
    return <Navigate to={`/login?return_to=${encodeURIComponent(returnTo)}`} replace />;
  }
  return <Outlet />;
}

import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { RequireAuth } from "../auth/RequireAuth.tsx";
import { useAuth } from "../auth/AuthProvider.tsx";
import { FullScreenSpinner } from "../components/Spinner.tsx";
import { PublicLayout } from "../layouts/public/PublicLayout.tsx";
import { LoginPage } from "../pages/login/LoginPage.tsx";
import { AuthCallbackPage } from "../pages/auth-callback/AuthCallbackPage.tsx";

// Public pages load on demand; the signed-in app is a separate chunk a visitor never downloads.
const LandingPage = lazy(() => import("../pages/landing/LandingPage.tsx"));
const PricingPage = lazy(() => import("../pages/pricing/PricingPage.tsx"));
const TermsPage = lazy(() => import("../pages/legal/TermsPage.tsx"));
const PrivacyPage = lazy(() => import("../pages/legal/PrivacyPage.tsx"));
const CookiesPage = lazy(() => import("../pages/legal/CookiesPage.tsx"));
const SecurityPage = lazy(() => import("../pages/security/SecurityPage.tsx"));
const NotFoundPage = lazy(() => import("../pages/not-found/NotFoundPage.tsx"));
const AuthCodePage = lazy(() => import("../pages/auth-code/AuthCodePage.tsx"));

const SignedInLayout = lazy(() => import("../layouts/signed-in/SignedInLayout.tsx"));
const DashboardPage = lazy(() => import("../pages/dashboard/DashboardPage.tsx"));
const EventsListPage = lazy(() => import("../pages/events/EventsListPage.tsx"));
const EventCreatePage = lazy(() => import("../pages/events/EventCreatePage.tsx"));
const EventDetailPage = lazy(() => import("../pages/events/EventDetailPage.tsx"));
const EventEditPage = lazy(() => import("../pages/events/EventEditPage.tsx"));
const CalendarPage = lazy(() => import("../pages/calendar/CalendarPage.tsx"));
const ProfilePage = lazy(() => import("../pages/profile/ProfilePage.tsx"));
const ChatPage = lazy(() => import("../pages/chat/ChatPage.tsx"));
const NotificationsPage = lazy(() => import("../pages/notifications/NotificationsPage.tsx"));
const SyncJobsPage = lazy(() => import("../pages/admin/SyncJobsPage.tsx"));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>;
}

/** "/" is the landing page, except for a signed-in user, who goes to the dashboard. */
function LandingRoute() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : <LandingPage />;
}

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Lazy>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        {/* Sign-in's second step (two-step verification): no session yet, so outside the guard. */}
        <Route path="/auth/code" element={<AuthCodePage />} />
        <Route element={<RequireAuth />}>
          <Route element={<SignedInLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/events" element={<EventsListPage />} />
            <Route path="/events/new" element={<EventCreatePage />} />
            <Route path="/events/:id" element={<EventDetailPage />} />
            <Route path="/events/:id/edit" element={<EventEditPage />} />
            <Route path="/calendar" element={<CalendarPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/chat" element={<ChatPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            {/* Operators only (the API answers 403 to others); reached by its address, not from a menu. */}
            <Route path="/admin/sync-jobs" element={<SyncJobsPage />} />
          </Route>
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingRoute />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/legal/terms" element={<TermsPage />} />
          <Route path="/legal/privacy" element={<PrivacyPage />} />
          <Route path="/legal/cookies" element={<CookiesPage />} />
          <Route path="/security" element={<SecurityPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Lazy>
  );
}

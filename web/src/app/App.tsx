import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Toaster } from "react-hot-toast";
import { BrowserRouter } from "react-router-dom";
import { createQueryClient } from "../api/query-client.ts";
import { AuthProvider } from "../auth/AuthProvider.tsx";
import { AppRoutes } from "./routes.tsx";
import { TOAST_POSITION, toastOptions } from "./toasts.ts";

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
          <Toaster position={TOAST_POSITION} toastOptions={toastOptions} />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
